import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionLock } from '../src/db/dialect/transactions.ts';
import { type DbHandle, createDb } from '../src/db/create-db.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Advisory locks belong to the database, the rows they guard to a schema. A course save in one schema
// once waited on a course of the same id saved in another (two Heeds sharing a database, each in its own
// schema): the lock's key now carries the schema (decision 104).

const COURSE_LOCK = 4_206_001;

let t: TestApp;
/** A connection to the same database whose schema is another one. */
let otherSchema: DbHandle;

beforeAll(async () => {
  t = await createTestApp();
  await sql`CREATE SCHEMA other_heed`.execute(t.db);
  otherSchema = createDb({ url: t.databaseUrl, schema: 'other_heed', poolSize: 2 });
});
afterAll(async () => {
  await otherSchema.close();
  await t.close();
});

/** Takes the lock in a transaction that stays open until `release` is called; resolves once it holds it. */
async function holdLock(db: DbHandle['db'], id: number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let acquired = () => {};
  const holding = new Promise<void>((resolve) => {
    acquired = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    await transactionLock(trx, 'postgres', COURSE_LOCK, id);
    acquired();
    await released;
  });
  await holding;
  return { release, done };
}

/** Advisory locks some transaction waits for right now. */
async function waitingAdvisoryLocks(db: DbHandle['db']) {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND NOT granted`.execute(db);
  return rows[0]!.n;
}

describe('transactionLock on PostgreSQL', () => {
  it('does not make a schema wait for a lock of the same name held in another schema', async () => {
    expect((await sql<{ s: string }>`SELECT current_schema() AS s`.execute(otherSchema.db)).rows[0]!.s).toBe(
      'other_heed',
    );
    const held = await holdLock(t.db, 1);
    // Would wait until the test's timeout if the key ignored the schema.
    const elsewhere = await holdLock(otherSchema.db, 1);
    elsewhere.release();
    await elsewhere.done;
    held.release();
    await held.done;
  });

  it('makes a second transaction of the same schema wait until the first ends', async () => {
    const second = t.openSecondConnection();
    try {
      const held = await holdLock(t.db, 2);
      let secondHolds = false;
      const waiting = holdLock(second.db, 2).then((lock) => {
        secondHolds = true;
        return lock;
      });
      while ((await waitingAdvisoryLocks(otherSchema.db)) === 0) await new Promise((r) => setTimeout(r, 20));
      expect(secondHolds).toBe(false);
      held.release();
      await held.done;
      const lock = await waiting;
      expect(secondHolds).toBe(true);
      lock.release();
      await lock.done;
    } finally {
      await second.close();
    }
  });
});
