import { type Kysely, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../src/db/create-db.ts';
import { type KeysetBatch, type KeysetRead, readKeysetBatches } from '../src/db/read-ahead.ts';
import type { Database } from '../src/db/types.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Keyset batches read ahead: on a thread with its own connection for a SQLite file, through the
// pool with the next batch asked for early on PostgreSQL. Either way the caller sees every batch
// in order, once, and can stop early or see a failure.

let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  const company = (await createCompany(t.db, { name: 'Batches' })).id;
  for (let i = 0; i < 7; i++) await createUser(t.db, { companyId: company, username: `batch${i}` });
  const rows = await t.db.selectFrom('users').select('id').where('company_id', '=', company).orderBy('id').execute();
  ids = rows.map((row) => row.id);
});
afterAll(async () => t.close());

const KEY = Object.freeze({ placeholder: 'key' });

/** Users' ids after the key, `batchSize` at a time, as comma-separated text. */
function idsRead(db: Kysely<Database>, dialect: Dialect, batchSize: number, table = 'users'): KeysetRead {
  const list = dialect === 'sqlite' ? sql`group_concat(b.id, ',')` : sql`string_agg(b.id::text, ',' ORDER BY b.id)`;
  const inner = db
    .selectFrom(sql.table(table).as('u') as never)
    .select(sql<number>`u.id`.as('id'))
    .where(sql<SqlBool>`u.id > ${KEY} AND u.id >= ${ids[0]!}`)
    .orderBy(sql`u.id`)
    .limit(batchSize);
  const query = db
    .selectFrom(inner.as('b'))
    .select([
      sql<string | null>`${list}`.as('rows'),
      sql<number>`count(*)`.as('count'),
      sql<number | null>`max(b.id)`.as('last'),
    ])
    .compile();
  return { query, keyAt: query.parameters.indexOf(KEY), batchSize };
}

async function collect(batches: AsyncIterable<KeysetBatch>): Promise<number[][]> {
  const out: number[][] = [];
  for await (const batch of batches) out.push(batch.rows ? batch.rows.split(',').map(Number) : []);
  return out;
}

describe('readKeysetBatches', () => {
  it('hands over every row once, in order, batch by batch, the last one short', async () => {
    expect(await collect(readKeysetBatches(t.db, t.dialect, idsRead(t.db, t.dialect, 3)))).toEqual([
      ids.slice(0, 3),
      ids.slice(3, 6),
      ids.slice(6),
    ]);
    // A read that fills its last batch exactly ends on an empty one.
    const exact = await collect(readKeysetBatches(t.db, t.dialect, idsRead(t.db, t.dialect, 7)));
    expect(exact).toEqual([ids, []]);
  });

  it('stops reading when the caller stops early, and the database stays usable', async () => {
    const batches = readKeysetBatches(t.db, t.dialect, idsRead(t.db, t.dialect, 2));
    for await (const batch of batches) {
      expect(batch.count).toBe(2);
      break;
    }
    expect(await batches.next()).toEqual({ done: true, value: undefined });
    const again = await collect(readKeysetBatches(t.db, t.dialect, idsRead(t.db, t.dialect, 4)));
    expect(again.flat()).toEqual(ids);
  });

  it('passes a failing read on to the caller', async () => {
    const read = idsRead(t.db, t.dialect, 3, 'no_such_table');
    await expect(collect(readKeysetBatches(t.db, t.dialect, read))).rejects.toThrow(/no_such_table/);
  });
});
