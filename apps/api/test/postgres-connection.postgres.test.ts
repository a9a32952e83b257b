import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Heed's PostgreSQL connections run without JIT (decision 103): a plan whose cost is overestimated (the
// rollup triggers' transition tables, a table not analysed yet) once paid 0.1–1.3 s compiling itself.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A query the planner prices far above `jit_above_cost` (three cross-joined series). */
const EXPENSIVE = sql`SELECT count(*) FROM generate_series(1, 1000) a, generate_series(1, 1000) b,
  generate_series(1, 100) c WHERE a + b + c > 5`;

async function planOf(setting?: 'on') {
  return t.db.transaction().execute(async (trx) => {
    if (setting) await sql`SELECT set_config('jit', ${setting}, true)`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${EXPENSIVE}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe("Heed's PostgreSQL connections", () => {
  it('plan without JIT, however expensive the query looks', async () => {
    expect((await sql<{ jit: string }>`SHOW jit`.execute(t.db)).rows[0]!.jit).toBe('off');
    expect(await planOf()).not.toMatch(/^JIT:/m);
    // The same query in a session that allows JIT compiles it, where the server can.
    const { rows } = await sql<{ available: boolean }>`SELECT pg_jit_available() AS available`.execute(t.db);
    if (rows[0]!.available) expect(await planOf('on')).toMatch(/^JIT:/m);
  });
});
