import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { dataStamp } from '../src/db/data-stamp.ts';
import { countUsers } from '../src/modules/users/users.repository.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;
/** A second connection to the same database, as a worker thread, a CLI or another API process would write. */
let other: DbHandle;

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  cm = await signedIn(t.app, 'cm');
  other = t.openSecondConnection();
});
afterEach(async () => {
  await other.close();
  await t.close();
});

/** `meta.total` of a list, asked twice so that the second answer can come from the count cache. */
async function total(query: Record<string, string> = {}): Promise<number> {
  let answer = -1;
  for (let i = 0; i < 2; i++) {
    const response = await cm.get('/api/v3/users', { query });
    expect(response.statusCode, response.body).toBe(200);
    answer = response.json().meta.total;
  }
  return answer;
}

describe('users list totals after writes by another connection', () => {
  it('follow inserts, updates and deletes of users', async () => {
    const before = await total();
    const { id } = await createUser(other.db, { companyId: f.company, username: 'newcomer' });
    expect(await total()).toBe(before + 1);
    expect(await total({ 'field[role]': '2' })).toBe(1);
    await other.db.updateTable('users').set({ role: 2 }).where('id', '=', id).execute();
    expect(await total({ 'field[role]': '2' })).toBe(2);
    await other.db.deleteFrom('users').where('id', '=', id).execute();
    expect(await total()).toBe(before);
    expect(await total({ 'field[role]': '2' })).toBe(1);
  });

  it('follow a department moved out of a subtree and a custom field value changed', async () => {
    const subtree = { 'field[department_id]': String(f.ids.hq) };
    expect(await total(subtree)).toBe(3);
    // EMEA (Cleo) leaves HQ's subtree: only the departments table changes.
    await other.db
      .updateTable('departments')
      .set({ parent_id: null, path: `/${f.ids.emea}/` })
      .where('id', '=', f.ids.emea!)
      .execute();
    expect(await total(subtree)).toBe(2);
    const leeds = { 'field[cf.site]': 'Leeds' };
    expect(await total(leeds)).toBe(1);
    await other.db
      .insertInto('user_field_values')
      .values({ user_id: f.ids.anna!, field_id: f.siteFieldId, company_id: f.company, value: 'Leeds' })
      .execute();
    expect(await total(leeds)).toBe(2);
  });
});

describe('users count cache inside transactions', () => {
  const criteria = () => ({ companyId: f.company, scope: null });

  it('sees each of its own writes, and never hands a rolled-back total to a later write', async () => {
    const before = await countUsers(t.db, t.dialect, criteria());
    const rollBack = new Error('roll back');
    const counts: number[] = [];
    const outcome = await t.db
      .transaction()
      .execute(async (trx) => {
        await createUser(trx, { companyId: f.company });
        counts.push(await countUsers(trx, t.dialect, criteria()));
        await createUser(trx, { companyId: f.company });
        counts.push(await countUsers(trx, t.dialect, criteria()));
        throw rollBack;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(rollBack);
    expect(counts).toEqual([before + 1, before + 2]);
    // One committed write: on PostgreSQL it moves the stamp exactly as far as the rolled-back one had.
    await createUser(other.db, { companyId: f.company });
    expect(await countUsers(t.db, t.dialect, criteria())).toBe(before + 1);
  });
});

describe('PostgreSQL data stamp', () => {
  it('stays put while only other tables are written, and moves with a stamped table', async () => {
    if (t.dialect !== 'postgres') return;
    const first = await dataStamp(t.db, t.dialect);
    await other.db.updateTable('sessions').set({ last_seen_at: '2026-03-02T09:30:00.000Z' }).execute();
    await other.db.updateTable('jobs').set({ updated_at: '2026-03-02T09:30:00.000Z' }).execute();
    expect(await dataStamp(t.db, t.dialect)).toBe(first);
    await other.db.updateTable('users').set({ phone: '1' }).where('id', '=', f.ids.anna!).execute();
    const second = await dataStamp(t.db, t.dialect);
    expect(second).not.toBe(first);
    // The companies list runs on the list engine too (migration 020).
    await other.db.updateTable('companies').set({ updated_at: '2026-03-02T09:30:00.000Z' }).execute();
    expect(await dataStamp(t.db, t.dialect)).not.toBe(second);
  });

  it('folds a long change log into one row without moving the stamp', async () => {
    if (t.dialect !== 'postgres') return;
    for (let i = 0; i < 120; i++) {
      await other.db
        .updateTable('users')
        .set({ phone: String(i) })
        .where('id', '=', f.ids.anna!)
        .execute();
    }
    const read = await dataStamp(t.db, t.dialect); // reads the sum, then folds
    const { rows } = await sql<{ entries: number }>`SELECT count(*) AS entries FROM data_changes`.execute(t.db);
    expect(rows[0]!.entries).toBe(1);
    expect(await dataStamp(t.db, t.dialect)).toBe(read);
    await createUser(other.db, { companyId: f.company });
    expect(await dataStamp(t.db, t.dialect)).not.toBe(read);
  });
});
