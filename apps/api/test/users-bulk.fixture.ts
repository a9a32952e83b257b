import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { TestClient } from './support/client.ts';
import { createUser } from './support/factories.ts';
import type { TestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';
import { processNextJob } from '../src/jobs/worker.ts';

// Shared by the users-bulk*.test.ts files: the users fixture (Acme: HQ > Sales > EMEA, Ops; Other Co)
// plus a Department Manager of Sales, a Company Manager inside Sales, and a manager in Other Co.

export interface BulkFixture extends UsersFixture {
  /** salesDm manages Sales (so EMEA too); salesCm is a Company Manager placed in Sales; otherCm runs Other Co. */
  more: { salesDm: number; salesCm: number; otherCm: number };
}

export async function createBulkFixture(t: TestApp): Promise<BulkFixture> {
  const f = await createUsersFixture(t.db);
  const salesDm = (
    await createUser(t.db, { companyId: f.company, username: 'sales.dm', role: 2, departmentId: f.ids.hq })
  ).id;
  await t.db
    .insertInto('department_managers')
    .values({ user_id: salesDm, department_id: f.ids.sales!, company_id: f.company })
    .execute();
  const salesCm = (
    await createUser(t.db, { companyId: f.company, username: 'sales.cm', role: 1, departmentId: f.ids.sales })
  ).id;
  const otherCm = (await createUser(t.db, { companyId: f.otherCompany, username: 'other.cm', role: 1 })).id;
  return { ...f, more: { salesDm, salesCm, otherCm } };
}

/** PUT /users?{query} with a bulk action. */
export const bulk = (client: TestClient, query: string, body: unknown, headers?: Record<string, string>) =>
  client.request('PUT', `/api/v3/users${query ? `?${query}` : ''}`, { body, ...(headers ? { headers } : {}) });

export const dataOf = (response: LightMyRequestResponse) => response.json().data;
export const detailsOf = (response: LightMyRequestResponse) =>
  response.json().error.details as Record<string, string[]>;

export const readUser = (t: TestApp, id: number) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const auditRows = (t: TestApp, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

/**
 * `count` learners named `<prefix><n>` in a company (and department), written with one INSERT … SELECT
 * over a counting CTE: a thousand users in milliseconds on either database.
 */
export async function addLearners(
  t: TestApp,
  companyId: number,
  count: number,
  prefix: string,
  departmentId: number | null = null,
): Promise<number[]> {
  await sql`
    INSERT INTO users (company_id, username, email, first_name, last_name, role, department_id, created_at, updated_at)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    SELECT ${companyId}, ${prefix} || CAST(i AS text), ${prefix} || CAST(i AS text) || '@bulk.test', 'Bulk',
      'Learner ' || CAST(i AS text), 0, ${departmentId}, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
    FROM n`.execute(t.db);
  const rows = await t.db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

const quiet = { info() {}, warn() {}, error() {} };

/** Runs the next due job in this process (tests drive the worker by hand). */
export const runNextJob = (t: TestApp, workerId = 'bulk-test') =>
  processNextJob({ db: t.db, dialect: t.dialect, config: t.config, log: quiet, workerId });

/** Runs due jobs until none is left; answers how many ran. */
export async function drainJobs(t: TestApp): Promise<number> {
  let ran = 0;
  while (await runNextJob(t)) ran += 1;
  return ran;
}
