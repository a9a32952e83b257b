import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { hashPassword } from '../../src/platform/passwords.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;
/** One real argon2id hash of TEST_PASSWORD, shared so fixtures stay fast. */
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

const stamp = '2026-01-01T00:00:00.000Z';
let sequence = 0;
const next = () => ++sequence;

export async function createCompany(
  db: Kysely<Database>,
  values: Partial<Database['companies']> & { name?: string } = {},
) {
  const row = await db
    .insertInto('companies')
    .values({
      name: `Company ${next()}`,
      logout_url: null,
      branding: null,
      created_at: stamp,
      updated_at: stamp,
      ...values,
    } as never)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

export async function createDepartment(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  parentId: number | null = null,
) {
  const parent = parentId
    ? await db.selectFrom('departments').select('path').where('id', '=', parentId).executeTakeFirstOrThrow()
    : null;
  const row = await db
    .insertInto('departments')
    .values({ company_id: companyId, parent_id: parentId, name, path: 'pending', created_at: stamp, updated_at: stamp })
    .returningAll()
    .executeTakeFirstOrThrow();
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await db.updateTable('departments').set({ path }).where('id', '=', row.id).execute();
  return { ...row, path };
}

/** A text custom field of the company; its id. */
export async function createTextField(
  db: Kysely<Database>,
  companyId: number,
  key: string,
  label: string,
): Promise<number> {
  const row = await db
    .insertInto('custom_fields')
    .values({ company_id: companyId, key, label, type: 'text', options: null, created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface UserFixture {
  companyId: number;
  role?: number;
  siteAdmin?: boolean;
  username?: string;
  email?: string | null;
  firstName?: string;
  lastName?: string;
  departmentId?: number | null;
  suspended?: boolean;
}

export async function createUser(db: Kysely<Database>, fixture: UserFixture) {
  const n = next();
  const username = fixture.username ?? `user${n}`;
  return db
    .insertInto('users')
    .values({
      company_id: fixture.companyId,
      username,
      email: fixture.email === undefined ? `${username}@example.test` : fixture.email,
      first_name: fixture.firstName ?? 'Test',
      last_name: fixture.lastName ?? `User ${n}`,
      password_hash: await testPasswordHash(),
      role: fixture.role ?? 0,
      site_admin: fixture.siteAdmin ? 1 : 0,
      suspended: fixture.suspended ? 1 : 0,
      department_id: fixture.departmentId ?? null,
      manager_id: null,
      phone: null,
      hired_at: null,
      external_id: null,
      last_login_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NumberedUsers {
  companyId: number;
  count: number;
  /** Last names `${prefix}00001…`, usernames `${lower-case prefix}1…`. */
  prefix: string;
  /** E-mails `${username}${domain}`. */
  domain: string;
  departmentId?: number | null;
}

/** Many users of a company in one statement (first name Pat), in the order of their numbers. */
export async function createNumberedUsers(db: Kysely<Database>, users: NumberedUsers): Promise<void> {
  const login = users.prefix.toLowerCase();
  await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${users.count})
    INSERT INTO users (company_id, username, email, first_name, last_name, password_hash, role, site_admin,
      suspended, department_id, created_at, updated_at)
    SELECT ${users.companyId}, ${login} || i, ${login} || i || ${users.domain}, 'Pat',
      ${users.prefix} || substr('0000' || i, length('0000' || i) - 4), 'x', 0, 0, 0, ${users.departmentId ?? null},
      '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
    FROM n`.execute(db);
}
