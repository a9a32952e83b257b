import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as m017 from '../src/db/migrations/017-postgres-user-search-docs.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createDepartment } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type BulkFixture, addLearners, bulk, createBulkFixture, runNextJob } from './users-bulk.fixture.ts';

// PostgreSQL searches the table user_search_docs (migration 017), kept by triggers on users, so that
// bulk changes of status, role or department never write the trigram index (decision 055). SQLite
// has its own search table (migration 005): this file runs in the PostgreSQL suite only.

let t: TestApp;
let f: BulkFixture;
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createBulkFixture(t);
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const search = async (text: string) => {
  const response = await cm.get('/api/v3/users', { query: { text } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { username: string }[]).map((u) => u.username).sort();
};

interface DocRow {
  user_id: number;
  company_id: number;
  doc: string;
  /** The transaction that wrote the row's current version. */
  version: string;
}

const docRows = async (db: Kysely<any>) =>
  (
    await sql<DocRow>`SELECT user_id, company_id, doc, xmin::text AS version FROM user_search_docs ORDER BY user_id`.execute(
      db,
    )
  ).rows;

/** Rows of users and of the table that disagree (missing on one side, or other values): none when in step. */
const outOfStep = async (db: Kysely<any>) =>
  (
    await sql<{ user_id: number | null; id: number | null }>`
      SELECT d.user_id, u.id FROM user_search_docs d
      FULL JOIN (SELECT id, company_id, lower(first_name) AS first_name, lower(last_name) AS last_name,
          lower(username) AS username,
          lower(first_name || ' ' || last_name || ' ' || username || ' ' || coalesce(email, '')) AS doc
        FROM users) u ON u.id = d.user_id
      WHERE d.user_id IS NULL OR u.id IS NULL OR (d.company_id, d.doc, d.first_name_lower, d.last_name_lower,
        d.username_lower) IS DISTINCT FROM (u.company_id, u.doc, u.first_name, u.last_name, u.username)`.execute(db)
  ).rows;

describe('user_search_docs (PostgreSQL)', () => {
  it('finds a new user, follows a rename and forgets a deleted user', async () => {
    const created = await cm.post('/api/v3/users', {
      username: 'newbie',
      email: 'newbie@example.test',
      first_name: 'Nora',
      last_name: 'Quenton',
      role: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(await search('quent')).toEqual(['newbie']);

    const renamed = await cm.put(`/api/v3/users/${id}`, { last_name: 'Ravelle', email: 'nora.r@example.test' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search('quent')).toEqual([]);
    expect(await search('ravel')).toEqual(['newbie']);
    expect(await search('nora.r@')).toEqual(['newbie']);
    expect(await search('Ra')).toEqual(['newbie']);

    const removed = await bulk(cm, `field[user_id]=${id}`, { action: 'delete' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await search('ravel')).toEqual([]);
    expect(await outOfStep(t.db)).toEqual([]);
  });

  it('leaves every document untouched through bulk status, role and department changes, and drops deleted ones', async () => {
    const plant = (await createDepartment(t.db, f.company, 'Plant')).id;
    await addLearners(t, f.company, 1205, 'plant.');
    const before = await docRows(t.db);
    const runs = [
      { action: 'deactivate' },
      { action: 'reactivate' },
      { action: 'change_department', department_id: plant },
      { action: 'change_role', role: 3 },
    ];
    for (const body of runs) {
      const response = await bulk(cm, 'text=plant.', body);
      expect(response.statusCode, response.body).toBe(202);
      expect(await runNextJob(t)).toMatchObject({ status: 'completed' });
    }
    const changed = await t.db.selectFrom('users').select('id').where('department_id', '=', plant).execute();
    expect(changed).toHaveLength(1205);
    // Same rows, written by the same transactions as before: no bulk update reached the table.
    expect(await docRows(t.db)).toEqual(before);

    const deleted = await bulk(cm, 'text=plant.', { action: 'delete' });
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect(await runNextJob(t)).toMatchObject({ status: 'completed' });
    expect(await search('plant.')).toEqual([]);
    expect(await docRows(t.db)).toHaveLength(before.length - 1205);
    expect(await outOfStep(t.db)).toEqual([]);
  });

  it('rewrites a row only when a name, the username, the e-mail or the company changes', async () => {
    const anna = f.ids.anna!;
    const version = async () => (await docRows(t.db)).find((row) => row.user_id === anna)?.version;
    const first = await version();
    // The import writes every column of existing users, changed or not.
    await t.db
      .updateTable('users')
      .set({ first_name: 'Anna', last_name: 'Zimmer', phone: '1' })
      .where('id', '=', anna)
      .execute();
    expect(await version()).toBe(first);
    await t.db.updateTable('users').set({ username: 'anna.z' }).where('id', '=', anna).execute();
    expect(await version()).not.toBe(first);
    await t.db.updateTable('users').set({ company_id: f.otherCompany }).where('id', '=', anna).execute();
    expect(await outOfStep(t.db)).toEqual([]);
  });

  it('matches a short term as a prefix of a name or username only, as the columns decide', async () => {
    // The same document ("bob maria young …") for either split of the names; only one starts a name with "ma".
    await t.db.updateTable('users').set({ first_name: 'Bob Maria' }).where('id', '=', f.ids.bob!).execute();
    expect(await search('ma')).toEqual(['cm']);
    await t.db
      .updateTable('users')
      .set({ first_name: 'Bob', last_name: 'Maria Young' })
      .where('id', '=', f.ids.bob!)
      .execute();
    expect(await outOfStep(t.db)).toEqual([]);
    expect(await search('MA')).toEqual(['bob', 'cm']);
    // "young" now starts a word inside the last name, not the name: no prefix match.
    expect(await search('yo')).toEqual([]);
  });

  it('follows many-row inserts and deletes, a company deleted with its users included', async () => {
    await addLearners(t, f.otherCompany, 300, 'other.');
    await sql`DELETE FROM users WHERE username LIKE 'other.1%'`.execute(t.db);
    expect(await outOfStep(t.db)).toEqual([]);
    await sql`DELETE FROM companies WHERE id = ${f.otherCompany}`.execute(t.db);
    expect(await outOfStep(t.db)).toEqual([]);
    expect(await docRows(t.db)).not.toContainEqual(expect.objectContaining({ company_id: f.otherCompany }));
  });

  it('is filled from the users of an existing database by its migration', async () => {
    await m017.down(t.db);
    await addLearners(t, f.company, 50, 'early.');
    await m017.up(t.db);
    expect(await outOfStep(t.db)).toEqual([]);
    expect(await search('early.')).toHaveLength(25);
    expect(await search('zimmer')).toEqual(['anna']);
  });
});
