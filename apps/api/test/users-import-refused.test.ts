import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from './fixtures/import-harness.ts';
import { createImportWorld } from './fixtures/import-world.ts';
import type { TestClient } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { clientFor } from './support/world.ts';

let t: TestApp;
let cm: TestClient;

/** The username the database refuses, as if someone else had just taken it: no check of the import can foresee it. */
const REFUSED = 'refused.1777';

/** A trigger that fails the insert of one username with a unique violation (a constraint error on both databases). */
async function refuseOneUsername(): Promise<void> {
  if (t.dialect === 'sqlite') {
    await sql
      .raw(`CREATE TRIGGER refuse_one BEFORE INSERT ON users WHEN new.username = '${REFUSED}' BEGIN
        SELECT RAISE(ABORT, 'UNIQUE constraint failed: users.username');
      END`)
      .execute(t.db);
    return;
  }
  await sql
    .raw(`CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF new.username = '${REFUSED}' THEN
        RAISE unique_violation USING MESSAGE = 'duplicate key value violates unique constraint "users_username"';
      END IF;
      RETURN new;
    END $$`)
    .execute(t.db);
  await sql`CREATE TRIGGER refuse_one BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_one()`.execute(t.db);
}

beforeAll(async () => {
  t = await createTestApp();
  await createImportWorld(t);
  cm = await clientFor(t, 'cm');
  await refuseOneUsername();
});
afterAll(async () => t.close());

const ROWS = 2500;

/** Every row names one new department: the first chunk creates it, in the transaction that is rolled back. */
const DEPARTMENT = 'Refused Imports';

function file(): string {
  const lines = ['Username,E-mail,First name,Last name,Department'];
  for (let i = 1; i <= ROWS; i++) lines.push(`refused.${i},refused.${i}@example.test,Refused,Row ${i},${DEPARTMENT}`);
  return `${lines.join('\n')}\n`;
}

const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
  Number((await query.execute(t.db)).rows[0]?.n ?? 0);

describe('users import: a row the database refuses', () => {
  it('fails alone; the chunks before it in the same transaction and the rows around it are applied once', async () => {
    // 2,500 rows: chunks of 1,000, 1,000 and 500 in one transaction; the refused row is in the second.
    const { import: done, errors } = await importFile(t, cm, file(), 'refused.csv', {
      options: { create_departments: true },
    });
    expect(done.status).toBe('completed');
    expect(done.counts).toEqual({ created: ROWS - 1, updated: 0, deactivated: 0, skipped: 0, failed: 1 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 1778, column: '' });
    expect(errors[0]!.message).toMatch(/^The row could not be saved: /);

    expect(await count(sql`SELECT COUNT(*) AS n FROM users WHERE username LIKE 'refused.%'`)).toBe(ROWS - 1);
    expect(await count(sql`SELECT COUNT(*) AS n FROM users WHERE username = ${REFUSED}`)).toBe(0);
    expect(await count(sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'user.create'`)).toBe(ROWS - 1);
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM import_rows WHERE import_id = ${done.id} AND status = 'created'`),
    ).toBe(ROWS - 1);
    expect(
      await count(sql`SELECT COUNT(*) AS n FROM import_rows WHERE import_id = ${done.id} AND status = 'failed'`),
    ).toBe(1);
    expect(done).toMatchObject({ processed_rows: ROWS, total_rows: ROWS });
    // The department the rolled-back transaction had created is created once more, once.
    const departments = await t.db.selectFrom('departments').select('id').where('name', '=', DEPARTMENT).execute();
    expect(departments).toHaveLength(1);
    expect(await count(sql`SELECT COUNT(*) AS n FROM users WHERE department_id = ${departments[0]!.id}`)).toBe(
      ROWS - 1,
    );
    expect(await count(sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'department.create'`)).toBe(1);
  });
});
