import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ensureInitialData } from '../src/db/seed/initial-data.ts';
import { generateLargeDataSet } from '../src/db/seed/large.ts';
import type { Database } from '../src/db/types.ts';
import {
  attributeRollupDrift,
  expiryRollupDrift,
  learnerRollupDrift,
  rollupDrift,
} from '../src/modules/reports/index.ts';
import { signedIn } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { DEMO_SEED_LIMIT_MS, TEST_DIALECT, type TestApp, createTestApp } from './support/test-app.ts';
import { listCodeDrift } from '../src/modules/assignments/assignments-status-codes.repository.ts';

const ADMIN_PASSWORD = 'heed-admin-demo';
const SLUGS = ['acme', 'borealis', 'cedar'] as const;
const ROLES = { cm: 1, dm: 2, reviewer: 3, student: 0 } as const;
const TABLES = [
  'companies',
  'departments',
  'users',
  'user_field_values',
  'custom_fields',
  'course_categories',
  'courses',
  'course_companies',
  'topics',
  'questions',
  'assignment_rules',
  'assignments',
  'course_activity',
  'question_answers',
  'notification_templates',
  'notifications',
  'deliveries',
  'automated_reports',
  'audit_log',
] as const;

async function count(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/** What two demo seeds must agree on: row counts, people, courses and the status mix. */
async function fingerprint(db: Kysely<Database>) {
  const counts = Object.fromEntries(
    await Promise.all(TABLES.map(async (table) => [table, await count(db, table)] as const)),
  );
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'role', 'department_id'])
    .orderBy('id')
    .execute();
  const courses = await db.selectFrom('courses').select(['id', 'name']).orderBy('id').execute();
  const statuses = await db
    .selectFrom('assignments')
    .select(['company_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['company_id', 'status'])
    .orderBy('company_id')
    .orderBy('status')
    .execute();
  return { counts, users, courses, statuses: statuses.map((s) => ({ ...s, n: Number(s.n) })) };
}

describe('demo seed', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    t = await createTestApp();
    lines = await ensureInitialData(t.db, t.config, t.app.log);
  }, DEMO_SEED_LIMIT_MS);
  afterAll(async () => t.close());

  // First, before other tests sign in (and so add audit entries) or add users.
  it(
    'is deterministic: a second database seeded weeks later holds the same people, courses and status mix',
    async () => {
      const other = await createTestApp();
      try {
        other.clock.now = new Date(t.clock.now.getTime() + 45 * 86_400_000 + 7 * 3_600_000);
        await ensureInitialData(other.db, other.config, other.app.log);
        const [a, b] = [await fingerprint(t.db), await fingerprint(other.db)];
        expect(b.counts).toEqual(a.counts);
        expect(b.users).toEqual(a.users);
        expect(b.courses).toEqual(a.courses);
        expect(b.statuses).toEqual(a.statuses);
      } finally {
        await other.close();
      }
    },
    DEMO_SEED_LIMIT_MS,
  );

  it('lists the site admin and the four sign-ins of every company', () => {
    expect(lines[0]).toContain('admin (admin@heed.test)');
    for (const slug of SLUGS) {
      for (const role of Object.keys(ROLES)) expect(lines.join('\n')).toContain(`${slug}.${role}`);
    }
    expect(lines.join('\n')).toContain(DEMO_PASSWORD);
  });

  it('lets the site admin and every demo role sign in, by username or e-mail', async () => {
    const admin = await signedIn(t.app, 'admin', ADMIN_PASSWORD);
    expect((await admin.get('/api/v3/me')).json().data).toMatchObject({
      username: 'admin',
      site_admin: true,
      company: { id: 1 },
    });
    for (const slug of SLUGS) {
      for (const [key, role] of Object.entries(ROLES)) {
        const client = await signedIn(t.app, key === 'cm' ? `cm@${slug}.test` : `${slug}.${key}`, DEMO_PASSWORD);
        const me = (await client.get('/api/v3/me')).json().data;
        expect(me, `${slug}.${key}`).toMatchObject({ username: `${slug}.${key}`, role, site_admin: false });
      }
    }
  });

  it('builds three companies of different sizes with their labels, trees and custom field values', async () => {
    const companies = await t.db
      .selectFrom('companies')
      .select(['id', 'name', 'department_label', 'question_reports'])
      .orderBy('id')
      .execute();
    expect(companies).toEqual([
      { id: 1, name: 'Heed', department_label: 'Department', question_reports: 0 },
      { id: 2, name: 'Acme Manufacturing', department_label: 'Department', question_reports: 1 },
      { id: 3, name: 'Borealis Bank', department_label: 'Branch', question_reports: 0 },
      { id: 4, name: 'Cedar Clinics', department_label: 'Clinic', question_reports: 0 },
    ]);
    const sizes = await t.db
      .selectFrom('users')
      .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('company_id')
      .orderBy('company_id')
      .execute();
    expect(sizes.map((s) => Number(s.n))).toEqual([1, 1500, 500, 120]);
    const line1 = await t.db
      .selectFrom('departments')
      .select('path')
      .where('company_id', '=', 2)
      .where('name', '=', 'Line 1')
      .executeTakeFirstOrThrow();
    expect(line1.path.split('/').filter(Boolean)).toHaveLength(3);
    // Every user of a company has a value row for every one of the company's custom fields.
    const missing = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM users u JOIN custom_fields f ON f.company_id = u.company_id
      LEFT JOIN user_field_values v ON v.user_id = u.id AND v.field_id = f.id WHERE v.user_id IS NULL`.execute(t.db);
    expect(Number(missing.rows[0]!.n)).toBe(0);
    const dm = await t.db
      .selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select(['departments.name', 'departments.parent_id', 'users.id'])
      .where('username', '=', 'acme.dm')
      .executeTakeFirstOrThrow();
    expect(dm).toMatchObject({ name: 'Operations', parent_id: null });
    const managed = await t.db
      .selectFrom('department_managers')
      .select('department_id')
      .where('user_id', '=', dm.id)
      .execute();
    expect(managed).toHaveLength(1);
  });

  it("has no custom field that repeats a user's own field (a 'Hire date' beside 'Hired on', say)", async () => {
    const fields = await t.db.selectFrom('custom_fields').select(['key', 'label']).execute();
    const builtIn = /^(hire|hired|first.?name|last.?name|user.?name|e-?mail|phone|role|department|manager)\b/i;
    expect(fields.filter((field) => builtIn.test(field.key) || builtIn.test(field.label))).toEqual([]);
  });

  it('gives assignments statuses that agree with their dates, scores and recertification', async () => {
    const now = t.clock.now.toISOString();
    const rows = await t.db.selectFrom('assignments').selectAll().execute();
    expect(rows.length).toBeGreaterThan(10_000);
    for (const a of rows) {
      expect(a.assigned_at <= now).toBe(true);
      if (a.status === 'completed' || a.status === 'renewed') {
        expect(a.completed_at! <= now && a.completed_at! >= a.assigned_at && a.score !== null).toBe(true);
        expect(a.expires_at !== null).toBe(a.recertify_months !== null);
      } else {
        expect(a.completed_at === null && a.score === null && a.expires_at === null).toBe(true);
        expect(a.due_at! < now).toBe(a.status === 'overdue');
        if (a.status === 'not_started') expect(a.started_at).toBeNull();
        if (a.status === 'in_progress') expect(a.started_at).not.toBeNull();
      }
    }
    const statuses = new Set(rows.map((a) => a.status));
    expect([...statuses].sort()).toEqual(['completed', 'in_progress', 'not_started', 'overdue', 'renewed']);
    // A renewed completion is one whose renewal was completed (decision 081), and only that.
    const byId = new Map(rows.map((a) => [a.id, a]));
    const completedRenewals = rows.filter((a) => a.renews_assignment_id !== null && a.completed_at !== null);
    expect(completedRenewals.length).toBeGreaterThan(0);
    for (const renewal of completedRenewals) expect(byId.get(renewal.renews_assignment_id!)!.status).toBe('renewed');
    expect(rows.filter((a) => a.status === 'renewed')).toHaveLength(completedRenewals.length);
    expect(new Set(rows.map((a) => a.source))).toEqual(new Set(['manual', 'rule', 'renewal']));
  });

  it('records course activity, answers, system templates, schedules, deliveries and audit history', async () => {
    const events = await t.db.selectFrom('course_activity').select('event').distinct().execute();
    expect(events.map((e) => e.event).sort()).toEqual([
      'acknowledged',
      'answered',
      'certificate_issued',
      'completed',
      'failed',
      'launched',
      'progressed',
    ]);
    expect(await count(t.db, 'question_answers')).toBeGreaterThan(10_000);
    const templates = await t.db
      .selectFrom('notification_templates')
      .select(['type', 'method', 'body'])
      .where('company_id', 'is', null)
      .execute();
    for (const type of [
      'course_assignment',
      'reminder_employee',
      'reminder_supervisor',
      'user_registration',
      'reset_password',
    ]) {
      expect(
        templates
          .filter((x) => x.type === type)
          .map((x) => x.method)
          .sort(),
      ).toEqual(['email', 'sms']);
    }
    expect(templates.find((x) => x.type === 'course_assignment' && x.method === 'email')!.body).toMatch(
      /\{\{\s*course\.name\s*\}\}/,
    );
    const rules = await t.db
      .selectFrom('assignment_rules')
      .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('company_id')
      .execute();
    expect(rules.map((r) => Number(r.n))).toEqual([2, 2, 2]);
    const deliveries = await t.db.selectFrom('deliveries').select('status').distinct().execute();
    expect(deliveries.map((d) => d.status).sort()).toEqual(['failed', 'sent']);
    expect(await count(t.db, 'audit_log')).toBeGreaterThan(100);
  });

  it('does nothing on a second start, and new rows continue after the seeded ids', async () => {
    const before = await fingerprint(t.db);
    expect(await ensureInitialData(t.db, t.config, t.app.log)).toEqual([]);
    expect(await fingerprint(t.db)).toEqual(before);
    const user = await createUser(t.db, { companyId: 2 });
    expect(user.id).toBeGreaterThan(Math.max(...before.users.map((u) => u.id)));
  });
});

describe('HEED_DEMO=0', () => {
  it('creates only the site admin, with the configured e-mail and password', async () => {
    const t = await createTestApp({
      demo: false,
      adminEmail: 'owner@example.test',
      adminPassword: 'a-long-owner-password',
    });
    try {
      const lines = await ensureInitialData(t.db, t.config, t.app.log);
      expect(lines).toEqual(['Site admin: admin (owner@example.test), password from HEED_ADMIN_PASSWORD']);
      expect(await count(t.db, 'users')).toBe(1);
      expect(await count(t.db, 'companies')).toBe(1);
      expect(await count(t.db, 'courses')).toBe(0);
      const admin = await signedIn(t.app, 'owner@example.test', 'a-long-owner-password');
      expect((await admin.get('/api/v3/me')).json().data).toMatchObject({ username: 'admin', site_admin: true });
    } finally {
      await t.close();
    }
  });
});

describe('large data generator', () => {
  it('writes exactly the requested users, field values and assignments, searchable, with the schema intact', async () => {
    const t = await createTestApp();
    try {
      await ensureInitialData(t.db, { ...t.config, demo: false }, t.app.log);
      const schemaBefore = await schemaObjects(t);
      const url = t.databaseUrl;
      // The load keeps the output clean: no warning (pg 8 deprecates queries queued on a busy client).
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      const result = await generateLargeDataSet({
        url,
        users: 2000,
        assignments: 10_000,
        company: 'Load Test Co',
        chunkUsers: 700,
        bulkIndexes: 'rebuild',
        now: t.clock.now,
      }).finally(() => process.off('warning', onWarning));
      expect(result).toMatchObject({ users: 2000, fieldValues: 6000, assignments: 10_000 });
      expect(warnings).toEqual([]);

      const company = await t.db
        .selectFrom('companies')
        .select('id')
        .where('name', '=', 'Load Test Co')
        .executeTakeFirstOrThrow();
      const inCompany = (table: 'users' | 'assignments' | 'user_field_values') =>
        t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', company.id)
          .executeTakeFirstOrThrow();
      expect(Number((await inCompany('users')).n)).toBe(2000);
      expect(Number((await inCompany('assignments')).n)).toBe(10_000);
      expect(Number((await inCompany('user_field_values')).n)).toBe(6000);
      expect(await schemaObjects(t)).toEqual(schemaBefore);
      // The report rollups count every generated assignment (on PostgreSQL their triggers were off during the load).
      expect(await rollupDrift(t.db, company.id)).toEqual([]);
      expect(await learnerRollupDrift(t.db, company.id)).toEqual([]);
      expect(await expiryRollupDrift(t.db, company.id)).toEqual([]);
      expect(await attributeRollupDrift(t.db, company.id)).toEqual([]);
      expect(await listCodeDrift(t.db, company.id)).toEqual([]);
      if (TEST_DIALECT === 'sqlite') {
        expect((await sql`PRAGMA foreign_key_check`.execute(t.db)).rows).toEqual([]);
      }

      // Found through the API's text search (the users_search index on SQLite).
      const someone = await t.db
        .selectFrom('users')
        .select(['id', 'username', 'last_name'])
        .where('company_id', '=', company.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const admin = await signedIn(t.app, 'admin', ADMIN_PASSWORD);
      admin.companyId = String(company.id);
      const found = await admin.get('/api/v3/users', { query: { text: someone.username, per_page: '5' } });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data.map((u: { id: number }) => u.id)).toEqual([someone.id]);
      const page = await admin.get('/api/v3/users', { query: { sort: 'last_name', per_page: '25' } });
      expect(page.json().meta.total).toBe(2000);

      // A second run adds to the same company.
      await generateLargeDataSet({ url, users: 10, assignments: 0, company: 'Load Test Co', now: t.clock.now });
      expect(Number((await inCompany('users')).n)).toBe(2010);
    } finally {
      await t.close();
    }
  }, 120_000);
});

/** Index and trigger definitions (SQLite), or index definitions and triggers with their state (PostgreSQL), of the schema. */
async function schemaObjects(t: TestApp): Promise<string[]> {
  const query =
    TEST_DIALECT === 'postgres'
      ? sql<{ d: string }>`SELECT indexdef AS d FROM pg_indexes WHERE schemaname = current_schema()
          UNION ALL SELECT c.relname || '.' || tg.tgname || ' ' || tg.tgenabled::text FROM pg_trigger tg
          JOIN pg_class c ON c.oid = tg.tgrelid WHERE NOT tg.tgisinternal AND c.relnamespace = current_schema()::regnamespace
          UNION ALL SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`
      : sql<{ d: string }>`SELECT sql AS d FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL`;
  return (await query.execute(t.db)).rows.map((r) => r.d).sort();
}
