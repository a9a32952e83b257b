import { USER_BULK_MESSAGES } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
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
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createBulkFixture(t);
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const ids = (...names: string[]) => names.map((name) => f.ids[name]!).join(',');
const total = async (client: TestClient, query: string) =>
  (await client.get(`/api/v3/users?${query}`)).json().meta.total as number;

describe('PUT /users: deactivate', () => {
  it('deactivates the selected users, audits each one and ends their sessions', async () => {
    const bob = await signedIn(t.app, 'bob');
    expect((await bob.get('/api/v3/me')).statusCode).toBe(200);

    const response = await bulk(cm, `field[user_id]=${ids('anna', 'bob')}`, { action: 'deactivate' });

    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response)).toEqual({ action: 'deactivate', matched: 2, changed: 2, skipped: 0, failed: 0 });
    expect((await readUser(t, f.ids.anna!))?.suspended).toBe(1);
    expect((await readUser(t, f.ids.bob!))?.suspended).toBe(1);
    expect((await readUser(t, f.ids.dan!))?.suspended).toBe(0);
    const rows = await auditRows(t, 'user.deactivate');
    expect(rows.map((row) => Number(row.entity_id)).sort()).toEqual([f.ids.anna, f.ids.bob].sort());
    expect(rows[0]).toMatchObject({
      company_id: f.company,
      actor_id: f.ids.cm,
      entity_type: 'user',
      before: '{"suspended":false}',
      after: '{"suspended":true}',
      created_at: t.clock.now.toISOString(),
    });
    expect((await bob.get('/api/v3/me')).statusCode).toBe(403);
    expect(await t.db.selectFrom('sessions').select('user_id').where('user_id', '=', f.ids.bob!).execute()).toEqual([]);
  });

  it('acts on the filter (a department subtree), skips users already deactivated, and the list total follows', async () => {
    expect(await total(cm, 'field[suspended]=1')).toBe(1);
    const response = await bulk(cm, `field[department_id]=${f.ids.sales}`, { action: 'deactivate' });
    // Sales holds bob and sales.cm; EMEA below it holds cleo (already deactivated).
    expect(dataOf(response)).toEqual({
      action: 'deactivate',
      matched: 3,
      changed: 2,
      skipped: 1,
      failed: 0,
      errors: [{ reason: 'unchanged', message: 'Nothing to change.', count: 1, user_ids: [f.ids.cleo] }],
    });
    expect(await total(cm, 'field[suspended]=1')).toBe(3);
  });

  it('leaves out the rows unticked after "select all matching"', async () => {
    const response = await bulk(cm, 'text=zimmer', { action: 'deactivate', excluded_ids: [f.ids.anna] });
    expect(dataOf(response)).toMatchObject({ matched: 0, changed: 0 });
    expect((await readUser(t, f.ids.anna!))?.suspended).toBe(0);
  });
});

describe('PUT /users: reactivate, change department, change role', () => {
  it('reactivates the deactivated users of a filter', async () => {
    const response = await bulk(cm, 'field[suspended]=1', { action: 'reactivate' });
    expect(dataOf(response)).toMatchObject({ matched: 1, changed: 1, skipped: 0 });
    expect((await readUser(t, f.ids.cleo!))?.suspended).toBe(0);
    expect((await auditRows(t, 'user.reactivate')).map((row) => row.entity_id)).toEqual([String(f.ids.cleo)]);
  });

  it('moves the selected users to a department, auditing where each came from', async () => {
    const response = await bulk(cm, `field[user_id]=${ids('anna', 'bob', 'dan')}`, {
      action: 'change_department',
      department_id: f.ids.ops,
    });
    // Dan is in Ops already.
    expect(dataOf(response)).toMatchObject({ matched: 3, changed: 2, skipped: 1 });
    expect((await readUser(t, f.ids.bob!))?.department_id).toBe(f.ids.ops);
    const rows = await auditRows(t, 'user.change_department');
    const bobRow = rows.find((row) => row.entity_id === String(f.ids.bob))!;
    expect(JSON.parse(bobRow.before!)).toEqual({ department: { id: f.ids.sales, name: 'Sales' } });
    expect(JSON.parse(bobRow.after!)).toEqual({ department: { id: f.ids.ops, name: 'Ops' } });
  });

  it('takes users out of every department with department_id null (Company Managers)', async () => {
    const response = await bulk(cm, `field[user_id]=${ids('anna')}`, {
      action: 'change_department',
      department_id: null,
    });
    expect(dataOf(response)).toMatchObject({ changed: 1 });
    expect((await readUser(t, f.ids.anna!))?.department_id).toBeNull();
    const [row] = await auditRows(t, 'user.change_department');
    expect(JSON.parse(row!.before!)).toEqual({ department: { id: f.ids.hq, name: 'HQ' } });
    expect(JSON.parse(row!.after!)).toEqual({ department: null });
  });

  it('changes the role of every learner of a filter; it ends their sessions, and applies from their next sign-in', async () => {
    const anna = await signedIn(t.app, 'anna');
    expect((await anna.get('/api/v3/users')).statusCode).toBe(403);
    const response = await bulk(cm, 'field[role]=0', { action: 'change_role', role: 3 });
    // anna, bob, cleo (deactivated users change too)
    expect(dataOf(response)).toMatchObject({ matched: 3, changed: 3 });
    expect((await readUser(t, f.ids.cleo!))?.role).toBe(3);
    expect((await anna.get('/api/v3/users')).statusCode).toBe(403);
    expect((await (await signedIn(t.app, 'anna')).get('/api/v3/users')).statusCode).toBe(200);
    const [row] = await auditRows(t, 'user.change_role');
    expect([JSON.parse(row!.before!), JSON.parse(row!.after!)]).toEqual([{ role: 0 }, { role: 3 }]);
  });
});

describe('PUT /users: send password reset and delete', () => {
  it('queues one reset e-mail job per user, skipping deactivated users and users without an e-mail', async () => {
    await t.db.updateTable('users').set({ email: null }).where('id', '=', f.ids.anna!).execute();
    const response = await bulk(cm, `field[user_id]=${ids('anna', 'bob', 'cleo', 'dan')}`, {
      action: 'send_password_reset',
    });
    expect(dataOf(response)).toMatchObject({ matched: 4, changed: 2, skipped: 2 });
    expect(dataOf(response).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'noEmail', user_ids: [f.ids.anna] }),
        expect.objectContaining({ reason: 'deactivated', user_ids: [f.ids.cleo] }),
      ]),
    );
    const jobs = await t.db.selectFrom('jobs').selectAll().where('type', '=', 'send_password_reset').execute();
    expect(jobs.map((job) => JSON.parse(job.payload).user_id).sort()).toEqual([f.ids.bob, f.ids.dan].sort());
    expect(jobs.every((job) => job.company_id === f.company && job.created_by === f.ids.cm)).toBe(true);
    expect(await auditRows(t, 'user.password_reset_sent')).toHaveLength(2);
  });

  it('deletes users without training records; users with records are kept and reported', async () => {
    const course = await t.db
      .insertInto('courses')
      .values({ name: 'Fire safety', created_at: 'x', updated_at: 'x', category_id: null, description: null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const assignment = {
      company_id: f.company,
      user_id: f.ids.bob!,
      course_id: course.id,
      status: 'completed',
      source: 'manual',
      assigned_at: 'x',
      created_at: 'x',
      updated_at: 'x',
    };
    await t.db
      .insertInto('assignments')
      .values(assignment as never)
      .execute();
    await t.db
      .insertInto('preferences')
      .values({ user_id: f.ids.anna!, name: 'p', data_type: 'json', value: '1', updated_at: 'x' })
      .execute();

    const response = await bulk(cm, `field[user_id]=${ids('anna', 'bob')}`, { action: 'delete' });

    expect(dataOf(response)).toMatchObject({
      matched: 2,
      changed: 1,
      skipped: 1,
      errors: [{ reason: 'hasRecords', count: 1, user_ids: [f.ids.bob] }],
    });
    expect(await readUser(t, f.ids.anna!)).toBeUndefined();
    expect(await readUser(t, f.ids.bob!)).toBeDefined();
    expect(await t.db.selectFrom('assignments').select('id').execute()).toHaveLength(1);
    const [row] = await auditRows(t, 'user.delete');
    expect(row).toMatchObject({ entity_id: String(f.ids.anna), after: null, actor_id: f.ids.cm });
    expect(JSON.parse(row!.before!)).toMatchObject({
      id: f.ids.anna,
      username: 'anna',
      first_name: 'Anna',
      last_name: 'Zimmer',
      suspended: false,
      department: { id: f.ids.hq, name: 'HQ' },
      custom_fields: {},
    });
    // Bob's manager was Anna: he keeps no manager, and the list still answers.
    expect((await readUser(t, f.ids.bob!))?.manager_id).toBeNull();
    expect((await cm.get('/api/v3/users?text=zimmer')).json().meta.total).toBe(0);
  });

  it('keeps custom field values in a deleted user’s audit snapshot', async () => {
    await t.db.updateTable('users').set({ manager_id: null }).execute();
    const response = await bulk(cm, 'field[cf.site]=Leeds', { action: 'delete' });
    expect(dataOf(response)).toMatchObject({ changed: 1 });
    const [row] = await auditRows(t, 'user.delete');
    expect(JSON.parse(row!.before!)).toMatchObject({ username: 'bob', custom_fields: { site: 'Leeds' } });
    // The deleted user's values go with them; the others' stay.
    const values = await t.db
      .selectFrom('user_field_values')
      .select(['user_id', 'value'])
      .where('field_id', '=', f.siteFieldId)
      .execute();
    expect(values).toEqual([{ user_id: f.ids.cleo, value: 'York' }]);
  });
});

describe('PUT /users: validation', () => {
  it('needs a filter, or all=1, before it acts on everyone', async () => {
    const response = await bulk(cm, '', { action: 'deactivate' });
    expect(response.statusCode).toBe(422);
    expect(detailsOf(response)).toEqual({ all: [USER_BULK_MESSAGES.needsFilter] });
    expect(await total(cm, 'field[suspended]=1')).toBe(1);
    // An empty selection is no filter either.
    expect((await bulk(cm, 'field[user_id]=', { action: 'deactivate' })).statusCode).toBe(422);

    const everyone = await bulk(cm, 'all=1', { action: 'deactivate' });
    expect(everyone.statusCode).toBe(200);
    // Everyone of Acme but the caller (and cleo, already deactivated).
    expect(dataOf(everyone)).toMatchObject({ matched: 8, changed: 6, skipped: 2 });
    expect((await readUser(t, f.ids.cm!))?.suspended).toBe(0);
    expect((await readUser(t, f.ids.foreigner!))?.suspended).toBe(0);
  });

  it('checks each action’s own fields, with the field in the details', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ action: 'change_department' }, { department_id: [USER_BULK_MESSAGES.departmentRequired] }],
      [{ action: 'change_role' }, { role: [USER_BULK_MESSAGES.roleRequired] }],
      [{ action: 'deactivate', role: 1 }, { role: [USER_BULK_MESSAGES.notForAction] }],
      [{ action: 'delete', department_id: 3 }, { department_id: [USER_BULK_MESSAGES.notForAction] }],
    ];
    for (const [body, details] of cases) {
      const response = await bulk(cm, `field[user_id]=${ids('anna')}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(detailsOf(response)).toEqual(details);
    }
    const unknown = await bulk(cm, `field[user_id]=${ids('anna')}`, { action: 'promote' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(detailsOf(unknown))).toEqual(['action']);
    const badRole = await bulk(cm, `field[user_id]=${ids('anna')}`, { action: 'change_role', role: 7 });
    expect(badRole.statusCode).toBe(422);
    const badFilter = await bulk(cm, 'field[colour]=red', { action: 'deactivate' });
    expect(detailsOf(badFilter)).toEqual({ 'field[colour]': ['Unknown filter.'] });
  });

  it('refuses a department that is not the company’s', async () => {
    for (const departmentId of [f.ids.foreignDepartment, 999_999]) {
      const response = await bulk(cm, `field[user_id]=${ids('anna')}`, {
        action: 'change_department',
        department_id: departmentId,
      });
      expect(response.statusCode).toBe(422);
      expect(detailsOf(response)).toEqual({ department_id: [USER_BULK_MESSAGES.departmentMissing] });
    }
    expect((await readUser(t, f.ids.anna!))?.department_id).toBe(f.ids.hq);
  });
});
