import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prewarmListReads } from '../src/db/prewarm.ts';
import { createCompany, createNumberedUsers } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// After a PostgreSQL restart the users list's first text search read its trigram index and search
// documents block by block. At start Heed loads them into shared buffers with pg_prewarm (decision
// 102), every block of each, then reads the users table and its indexes.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.db, { name: 'Prewarm Co' });
  await createNumberedUsers(t.db, { companyId: company.id, count: 3_000, prefix: 'Warm', domain: '@example.test' });
});
afterAll(async () => t.close());

/** How many 8 kB blocks the relation's main fork holds. */
async function blocks(name: string) {
  const { rows } = await sql<{
    blocks: number;
  }>`SELECT (pg_relation_size(to_regclass(${name})) / 8192)::int AS blocks`.execute(t.db);
  return rows[0]!.blocks;
}

describe('prewarming the users list at start', () => {
  it('loads the search index and documents into shared buffers, then reads the users and their indexes', async () => {
    const loaded = await prewarmListReads(t.db, 'postgres');
    const [index, docs] = [await blocks('users_search_trgm'), await blocks('user_search_docs')];
    expect(index).toBeGreaterThan(1);
    expect(loaded[0]).toBe(`users_search_trgm (buffer, ${index} blocks)`);
    expect(loaded[1]).toBe(`user_search_docs (buffer, ${docs} blocks)`);
    expect(loaded[2]).toMatch(new RegExp(`^users \\((buffer|read), ${await blocks('users')} blocks\\)$`));
    // The users list's own indexes follow (the last-name order's among them).
    expect(loaded.some((line) => line.startsWith('users_company_last_name ('))).toBe(true);
  });

  it('does nothing on SQLite, whose file the API maps into memory', async () => {
    expect(await prewarmListReads(t.db, 'sqlite')).toEqual([]);
  });
});
