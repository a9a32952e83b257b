import { USER_BULK_REASONS } from '@heed/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { TEST_DIALECT, type TestApp, createTestApp } from './support/test-app.ts';
import {
  type BulkFixture,
  auditRows,
  bulk,
  createBulkFixture,
  dataOf,
  detailsOf,
  readUser,
} from './users-bulk.fixture.ts';

let t: TestApp;
let f: BulkFixture;

beforeEach(async () => {
  t = await createTestApp();
  f = await createBulkFixture(t);
});
afterEach(async () => t.close());

const sorted = (...ids: (number | undefined)[]) => ids.map(Number).sort((a, b) => a - b);
const suspendedIds = async () =>
  (await t.db.selectFrom('users').select('id').where('suspended', '=', 1).orderBy('id').execute()).map((r) => r.id);

describe('who may run bulk actions', () => {
  it('refuses Reviewers (403) and changes nothing', async () => {
    const reviewer = await signedIn(t.app, 'reviewer');
    const response = await bulk(reviewer, 'all=1', { action: 'deactivate' });
    expect(response.statusCode).toBe(403);
    expect(await suspendedIds()).toEqual([f.ids.cleo]);
    expect(await auditRows(t, 'user.deactivate')).toEqual([]);
  });

  it('keeps a Department Manager inside their subtree: users outside it are never touched', async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const everyone = await bulk(dm, 'all=1', { action: 'deactivate' });
    // Scope: their own department HQ (anna, sales.dm) and Sales > EMEA (bob, sales.cm, cleo).
    // sales.dm is the caller, sales.cm ranks above them, cleo is deactivated already.
    expect(dataOf(everyone)).toMatchObject({ matched: 5, changed: 2, skipped: 3 });
    expect(dataOf(everyone).errors).toEqual(
      expect.arrayContaining([
        { reason: 'self', message: USER_BULK_REASONS.self, count: 1, user_ids: [f.more.salesDm] },
        { reason: 'rank', message: USER_BULK_REASONS.rank, count: 1, user_ids: [f.more.salesCm] },
      ]),
    );
    expect(await suspendedIds()).toEqual(sorted(f.ids.anna, f.ids.bob, f.ids.cleo));

    // Naming users outside the subtree (Ops, no department, another company) matches nobody.
    const outside = [f.ids.dan, f.ids.cm, f.ids.reviewer, f.ids.foreigner].join(',');
    const named = await bulk(dm, `field[user_id]=${outside}`, { action: 'delete' });
    expect(dataOf(named)).toEqual({ action: 'delete', matched: 0, changed: 0, skipped: 0, failed: 0 });
    for (const id of [f.ids.dan, f.ids.cm, f.ids.reviewer, f.ids.foreigner])
      expect(await readUser(t, id!)).toBeDefined();
  });

  it('lets a Department Manager move users only to departments they manage, and give no role above their own', async () => {
    const dm = await signedIn(t.app, 'sales.dm');
    const query = `field[user_id]=${f.ids.bob}`;
    const outside = await bulk(dm, query, { action: 'change_department', department_id: f.ids.ops });
    expect(outside.statusCode).toBe(403);
    expect(detailsOf(outside)).toEqual({ department_id: ['Choose a department you manage.'] });
    const none = await bulk(dm, query, { action: 'change_department', department_id: null });
    expect(none.statusCode).toBe(403);
    const promote = await bulk(dm, query, { action: 'change_role', role: 1 });
    expect(promote.statusCode).toBe(403);
    expect(detailsOf(promote)).toEqual({ role: ['You cannot give a role above your own.'] });
    expect(await readUser(t, f.ids.bob!)).toMatchObject({ department_id: f.ids.sales, role: 0 });

    const inside = await bulk(dm, query, { action: 'change_department', department_id: f.ids.emea });
    expect(dataOf(inside)).toMatchObject({ changed: 1 });
    const peer = await bulk(dm, query, { action: 'change_role', role: 2 });
    expect(dataOf(peer)).toMatchObject({ changed: 1 });
    expect(await readUser(t, f.ids.bob!)).toMatchObject({ department_id: f.ids.emea, role: 2 });
  });
});

describe('tenancy', () => {
  it("changes nothing of another company's users named by id", async () => {
    const cm = await signedIn(t.app, 'cm');
    const foreign = `field[user_id]=${f.ids.foreigner},${f.more.otherCm}`;
    for (const action of ['deactivate', 'delete', 'send_password_reset'] as const) {
      const response = await bulk(cm, foreign, { action });
      expect(dataOf(response)).toMatchObject({ matched: 0, changed: 0 });
    }
    expect(await readUser(t, f.ids.foreigner!)).toMatchObject({ suspended: 0 });
    expect(await readUser(t, f.more.otherCm)).toBeDefined();
    expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    // Naming the other company in the header is refused outright.
    const header = await bulk(cm, foreign, { action: 'deactivate' }, { 'x-company-id': String(f.otherCompany) });
    expect(header.statusCode).toBe(403);
  });

  it('lets a site admin act on the company they chose, and only on it', async () => {
    const vendor = await t.db
      .insertInto('companies')
      .values({ name: 'Heed', created_at: 'x', updated_at: 'x' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await createUser(t.db, { companyId: vendor.id, username: 'root', role: 1, siteAdmin: true });
    const admin = await signedIn(t.app, 'root');
    const headers = { 'x-company-id': String(f.otherCompany) };
    const response = await bulk(admin, 'all=1', { action: 'deactivate' }, headers);
    expect(dataOf(response)).toMatchObject({ matched: 2, changed: 2 });
    expect(await readUser(t, f.more.otherCm)).toMatchObject({ suspended: 1 });
    expect(await readUser(t, f.ids.anna!)).toMatchObject({ suspended: 0 });
    const [row] = await auditRows(t, 'user.deactivate');
    expect(row?.company_id).toBe(f.otherCompany);
  });
});

describe('self-protection and failures', () => {
  it('never deactivates, deletes or re-roles the caller, and says so', async () => {
    const cm = await signedIn(t.app, 'cm');
    const query = `field[user_id]=${f.ids.cm},${f.ids.anna}`;
    for (const body of [{ action: 'deactivate' }, { action: 'change_role', role: 3 }, { action: 'delete' }]) {
      const response = await bulk(cm, query, body);
      expect(dataOf(response).errors, body.action).toContainEqual({
        reason: 'self',
        message: USER_BULK_REASONS.self,
        count: 1,
        user_ids: [f.ids.cm],
      });
    }
    expect(await readUser(t, f.ids.cm!)).toMatchObject({ suspended: 0, role: 1 });
    expect((await cm.get('/api/v3/me')).statusCode).toBe(200);
    // Sending oneself a reset link is harmless.
    const reset = await bulk(cm, `field[user_id]=${f.ids.cm}`, { action: 'send_password_reset' });
    expect(dataOf(reset)).toMatchObject({ changed: 1 });
  });

  it('is all or nothing per user: a user whose change fails is reported, the others change', async () => {
    const cm = await signedIn(t.app, 'cm');
    await failUpdatesOf(f.ids.bob!);
    const response = await bulk(cm, `field[user_id]=${f.ids.anna},${f.ids.bob},${f.ids.dan}`, {
      action: 'deactivate',
    });
    expect(dataOf(response)).toMatchObject({
      matched: 3,
      changed: 2,
      failed: 1,
      errors: [{ reason: 'failed', count: 1, user_ids: [f.ids.bob] }],
    });
    expect(await suspendedIds()).toEqual(sorted(f.ids.anna, f.ids.cleo, f.ids.dan));
    const audited = (await auditRows(t, 'user.deactivate')).map((row) => Number(row.entity_id));
    expect(sorted(...audited)).toEqual(sorted(f.ids.anna, f.ids.dan));
  });
});

/** A trigger that makes every update of one user fail, as a broken row or a constraint would. */
async function failUpdatesOf(userId: number) {
  if (TEST_DIALECT === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION refuse_user() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`,
      )
      .execute(t.db);
    await sql
      .raw(
        `CREATE TRIGGER refuse_user BEFORE UPDATE ON users FOR EACH ROW WHEN (OLD.id = ${userId}) EXECUTE FUNCTION refuse_user()`,
      )
      .execute(t.db);
    return;
  }
  await sql
    .raw(
      `CREATE TRIGGER refuse_user BEFORE UPDATE ON users WHEN OLD.id = ${userId} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    )
    .execute(t.db);
}
