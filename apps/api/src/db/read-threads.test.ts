import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, createDb } from './create-db.ts';
import { readerFor } from './read-threads.ts';
import type { Database } from './types.ts';

// The reader threads (reports' reads on SQLite): the same answers as the API's connection, off the
// event loop, read-only.

let dir: string;
let handle: DbHandle;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'heed-readers-'));
  handle = createDb({ url: join(dir, 'db.sqlite') });
  await sql`CREATE TABLE numbers (n integer PRIMARY KEY, label text)`.execute(handle.db);
  await sql`INSERT INTO numbers (n, label) VALUES (1, 'one'), (2, 'two'), (3, 'three')`.execute(handle.db);
});

afterAll(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A long read on `db`: counting to `n` in a recursive query; `done` turns true when it has answered. */
function countTo(db: Kysely<Database>, n: number) {
  const read = { done: false, count: undefined as unknown as Promise<number | undefined> };
  read.count = sql<{ n: number }>`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${n})
    SELECT count(*) AS n FROM c`
    .execute(db)
    .then((result) => {
      read.done = true;
      return result.rows[0]?.n;
    });
  return read;
}

describe('reader threads', () => {
  it('map as much of the file as the connection they read beside', async () => {
    const mapped = createDb({ url: join(dir, 'db.sqlite'), mmapBytes: 64 * 1024 * 1024 });
    const { reader } = await readerFor(mapped.db, 'sqlite');
    try {
      const { rows } = await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(reader);
      expect(rows[0]?.mmap_size).toBe(64 * 1024 * 1024);
    } finally {
      await reader.destroy();
      await mapped.close();
    }
  });

  it('answer as the connection does, and see what it committed since', async () => {
    const { reader, owned } = await readerFor(handle.db, 'sqlite');
    expect(owned).toBe(true);
    try {
      const query = (db: typeof reader) =>
        sql<{ n: number; label: string }>`SELECT n, label FROM numbers WHERE n >= ${2} ORDER BY n`.execute(db);
      expect((await query(reader)).rows).toEqual((await query(handle.db)).rows);
      await sql`INSERT INTO numbers (n, label) VALUES (4, 'four')`.execute(handle.db);
      expect((await query(reader)).rows.map((row) => row.label)).toEqual(['two', 'three', 'four']);
    } finally {
      await reader.destroy();
    }
  });

  it('leave the event loop free while a long read runs', async () => {
    const { reader } = await readerFor(handle.db, 'sqlite');
    try {
      // A read of a few hundred milliseconds.
      const long = countTo(reader, 3_000_000);
      // On the event loop, a read on the API's connection answers while the long one still runs (a
      // synchronous read on this thread would have finished the long one first).
      const quick = await sql<{ n: number }>`SELECT count(*) AS n FROM numbers`.execute(handle.db);
      expect(quick.rows[0]?.n).toBeGreaterThan(0);
      expect(long.done).toBe(false);
      expect(await long.count).toBe(3_000_000);
    } finally {
      await reader.destroy();
    }
  });

  it('never queue a read behind a long one while the other thread is free', async () => {
    const { reader } = await readerFor(handle.db, 'sqlite');
    try {
      // A read of a second or so.
      const long = countTo(reader, 10_000_000);
      // Two short reads at once, then three more one after another, as a widget reads: each one waits for
      // the free thread, never behind the long read (one each to the least loaded thread had put the
      // second of them there).
      const count = () => sql<{ n: number }>`SELECT count(*) AS n FROM numbers`.execute(reader);
      const both = await Promise.all([count(), count()]);
      for (let i = 0; i < 3; i++) both.push(await count());
      const rows = (await count()).rows[0]?.n;
      expect(both.map((result) => result.rows[0]?.n)).toEqual([rows, rows, rows, rows, rows]);
      expect(long.done).toBe(false);
      expect(await long.count).toBe(10_000_000);
    } finally {
      await reader.destroy();
    }
  });

  it('refuse writes and report a failed statement as an error', async () => {
    const { reader } = await readerFor(handle.db, 'sqlite');
    try {
      await expect(sql`INSERT INTO numbers (n, label) VALUES (9, 'nine')`.execute(reader)).rejects.toThrow(/readonly/);
      await expect(sql`SELECT nope FROM numbers`.execute(reader)).rejects.toThrow(/no such column/);
      await expect(reader.transaction().execute(async () => 1)).rejects.toThrow(/not transactions/);
    } finally {
      await reader.destroy();
    }
  });

  it('are not made for an in-memory database, which no other connection can open', async () => {
    const memory = createDb({ url: ':memory:' });
    try {
      const { reader, owned } = await readerFor(memory.db, 'sqlite');
      expect(owned).toBe(false);
      expect(reader).toBe(memory.db);
    } finally {
      await memory.close();
    }
  });
});
