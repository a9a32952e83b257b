import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Database } from '../types.ts';
import { seedDemo } from './demo.ts';
import { reportStorage } from '../../modules/automated-reports/index.ts';
import { demoMediaStorage } from './demo-media.ts';
import { IdAllocator, resetSequences } from './seed-db.ts';

/** The password of every demo company user (the site admin's comes from HEED_ADMIN_PASSWORD). */
export const DEMO_PASSWORD = 'heed-demo-pass';
const DEFAULT_ADMIN_PASSWORD = 'heed-admin-demo';
const SIGN_IN_ROLES = [
  ['cm', 'Company Manager'],
  ['dm', 'Department Manager'],
  ['reviewer', 'Reviewer'],
  ['student', 'Student'],
] as const;

const ID_TABLES = [
  'companies',
  'departments',
  'users',
  'custom_fields',
  'course_categories',
  'courses',
  'topics',
  'questions',
  'assignment_rules',
  'assignments',
  'notification_templates',
  'notifications',
  'course_media',
  'course_versions',
  'course_attempts',
  'certificates',
] as const;

/**
 * First-start data: on a database without users, creates the site admin (company "Heed") and, unless
 * HEED_DEMO=0, the deterministic demo. Returns the sign-in lines to print; nothing when data exists.
 */
export async function ensureInitialData(
  db: Kysely<Database>,
  config: Config,
  log: FastifyBaseLogger,
): Promise<string[]> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return [];
  const started = performance.now();
  // One hash each: argon2 is deliberately slow, and every demo user shares the demo password.
  const [adminHash, demoHash] = await Promise.all([
    hashPassword(config.adminPassword),
    config.demo ? hashPassword(DEMO_PASSWORD) : null,
  ]);
  const now = config.now();
  const stamp = now.toISOString();

  const companies = await db.transaction().execute(async (trx) => {
    const ids = await IdAllocator.create(trx, ID_TABLES);
    const companyId = ids.next('companies');
    const adminId = ids.next('users');
    await trx
      .insertInto('companies')
      .values({ id: companyId, name: 'Heed', logout_url: null, branding: null, created_at: stamp, updated_at: stamp })
      .execute();
    await trx
      .insertInto('users')
      .values({
        id: adminId,
        company_id: companyId,
        username: 'admin',
        email: config.adminEmail,
        first_name: 'Site',
        last_name: 'Administrator',
        password_hash: adminHash,
        role: 1,
        site_admin: 1,
        department_id: null,
        manager_id: null,
        phone: null,
        hired_at: null,
        external_id: null,
        last_login_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const seeded = demoHash
      ? await seedDemo(trx, ids, {
          now,
          adminId,
          passwordHash: demoHash,
          publicUrl: config.publicUrl,
          mediaStorage: demoMediaStorage(config),
          reportStorage: reportStorage(config),
        })
      : [];
    await resetSequences(trx, [
      ...ID_TABLES.map((table) => ({ table })),
      { table: 'course_activity', column: 'master_id' },
    ]);
    return seeded;
  });
  log.info({ ms: Math.round(performance.now() - started), demo: config.demo }, 'initial data created');

  const password =
    config.adminPassword === DEFAULT_ADMIN_PASSWORD
      ? `password ${DEFAULT_ADMIN_PASSWORD}`
      : 'password from HEED_ADMIN_PASSWORD';
  const lines = [`Site admin: admin (${config.adminEmail}), ${password}`];
  for (const company of companies) {
    lines.push(`${company.name}: ${SIGN_IN_ROLES.map(([key, label]) => `${label} ${company.slug}.${key}`).join(', ')}`);
  }
  if (companies.length > 0)
    lines.push(`Demo company users sign in with password ${DEMO_PASSWORD} (e-mails like cm@acme.test also work).`);
  return lines;
}
