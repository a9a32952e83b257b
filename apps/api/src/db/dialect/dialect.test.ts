import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type RawBuilder,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type TransactionSettings,
  sql,
} from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Dialect, createDb } from '../create-db.ts';
import type { Database } from '../types.ts';
import {
  bulkInsert,
  bulkUpdate,
  castInteger,
  castText,
  charCodes,
  deletesChildrenFirst,
  groupedWriteTransaction,
  hasRowLocks,
  hideFromIndex,
  hintOffIndex,
  idIn,
  intColumn,
  jsonArrayText,
  jsonFlag,
  jsonObject,
  jsonObjectAgg,
  jsonObjectOrNull,
  jsonText,
  lockRows,
  reserveIds,
  searchesThroughFts5,
  stampedRead,
  stringAgg,
  takesPlanHints,
  textColumn,
  transactionLock,
  writeTransaction,
} from './index.ts';

// Each helper's SQL on each database, compiled without one: the text is what the queries' plans
// and prepared-statement caches see, so a change here must be deliberate.

/** A driver that runs nothing: it records each statement (and transaction step) and answers `reply`. */
class RecordingDriver implements Driver {
  readonly log: string[] = [];
  constructor(private readonly reply: Record<string, unknown>[] = []) {}
  async init() {}
  async destroy() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        this.log.push(`${query.sql} ${JSON.stringify(query.parameters)}`);
        return { rows: this.reply as R[] };
      },
      streamQuery: () => {
        throw new Error('not streamed');
      },
    };
  }
  async beginTransaction(_: DatabaseConnection, settings: TransactionSettings) {
    this.log.push(`begin${settings.isolationLevel ? ` ${settings.isolationLevel}` : ''}`);
  }
  async commitTransaction() {
    this.log.push('commit');
  }
  async rollbackTransaction() {
    this.log.push('rollback');
  }
  async releaseConnection() {}
}

function database(dialect: Dialect, reply?: Record<string, unknown>[]) {
  const driver = new RecordingDriver(reply);
  const postgres = dialect === 'postgres';
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => driver,
      createIntrospector: (k) => (postgres ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
  return { db, log: driver.log };
}

const sqlite = database('sqlite').db;
const postgres = database('postgres').db;

/** The fragment's SQL and parameters on each database. */
function compiled(build: (dialect: Dialect) => RawBuilder<unknown>) {
  const on = (dialect: Dialect, db: Kysely<Database>) => {
    const { sql: text, parameters } = build(dialect).compile(db);
    return { sql: text, parameters };
  };
  return { sqlite: on('sqlite', sqlite), postgres: on('postgres', postgres) };
}

describe('capabilities', () => {
  it('name what each database does', () => {
    expect([takesPlanHints('sqlite'), takesPlanHints('postgres')]).toEqual([true, false]);
    expect([hasRowLocks('sqlite'), hasRowLocks('postgres')]).toEqual([false, true]);
    expect([searchesThroughFts5('sqlite'), searchesThroughFts5('postgres')]).toEqual([true, false]);
    expect([deletesChildrenFirst('sqlite'), deletesChildrenFirst('postgres')]).toEqual([true, false]);
  });
});

describe('SQL pieces', () => {
  it('idIn binds the whole id set as one parameter', () => {
    expect(compiled((d) => idIn(d, 'users.id', [3, 1]))).toEqual({
      sqlite: { sql: '"users"."id" IN (SELECT value FROM json_each(?))', parameters: ['[3,1]'] },
      postgres: { sql: '"users"."id" = ANY(CAST($1 AS integer[]))', parameters: [[3, 1]] },
    });
  });

  it('castText and castInteger spell the type out on both', () => {
    expect(compiled(() => sql`${castText('a')}, ${castInteger(null)}`)).toEqual({
      sqlite: { sql: 'CAST(? AS text), CAST(? AS integer)', parameters: ['a', null] },
      postgres: { sql: 'CAST($1 AS text), CAST($2 AS integer)', parameters: ['a', null] },
    });
  });

  it('jsonObject, jsonObjectOrNull, jsonFlag and jsonText', () => {
    const object = (d: Dialect) =>
      jsonObjectOrNull(
        d,
        sql`x IS NOT NULL`,
        jsonObject(d, [
          ['id', sql`x`],
          ['on', jsonFlag(d, 'u.flag')],
        ]),
      );
    expect(compiled((d) => jsonText(d, object(d)))).toEqual({
      sqlite: {
        sql: `json(CASE WHEN x IS NOT NULL THEN json_object('id', x, 'on', json(CASE WHEN "u"."flag" = 1 THEN 'true' ELSE 'false' END)) END)`,
        parameters: [],
      },
      postgres: {
        sql: `CAST(CASE WHEN x IS NOT NULL THEN json_build_object('id', x, 'on', ("u"."flag" = 1)) END AS text)`,
        parameters: [],
      },
    });
  });

  it('jsonArrayText', () => {
    expect(compiled((d) => jsonArrayText(d, sql`u.id, u.name`))).toEqual({
      sqlite: { sql: 'json_array(u.id, u.name)', parameters: [] },
      postgres: { sql: 'json_build_array(u.id, u.name)::text', parameters: [] },
    });
  });

  it('jsonObjectAgg, with a text key or an integer key, empty as {} or as the database gives it', () => {
    const from = sql`FROM t WHERE t.u = u.id`;
    expect(
      compiled((d) => jsonObjectAgg(d, { key: sql`f.key`, value: sql`t.v`, from }, { emptyObject: true })),
    ).toEqual({
      sqlite: { sql: 'json((SELECT json_group_object(f.key, t.v) FROM t WHERE t.u = u.id))', parameters: [] },
      postgres: {
        sql: `(SELECT coalesce(json_object_agg(f.key, t.v), '{}'::json) FROM t WHERE t.u = u.id)`,
        parameters: [],
      },
    });
    expect(compiled((d) => jsonObjectAgg(d, { key: sql`t.id`, value: sql`t.v`, from }, { integerKey: true }))).toEqual({
      sqlite: {
        sql: 'json((SELECT json_group_object(CAST(t.id AS TEXT), t.v) FROM t WHERE t.u = u.id))',
        parameters: [],
      },
      postgres: { sql: '(SELECT json_object_agg(t.id, t.v) FROM t WHERE t.u = u.id)', parameters: [] },
    });
  });

  it('stringAgg writes its separator as a literal', () => {
    expect(compiled((d) => stringAgg(d, sql`line`, ',', sql`u.id`))).toEqual({
      sqlite: { sql: `group_concat(line, ',' ORDER BY u.id)`, parameters: [] },
      postgres: { sql: `string_agg(line, ',' ORDER BY u.id)`, parameters: [] },
    });
    expect(compiled((d) => stringAgg(d, sql`line`, '', sql`u.id`)).sqlite.sql).toBe(
      `group_concat(line, '' ORDER BY u.id)`,
    );
  });

  it('charCodes writes the codes into the text, and refuses anything but codes', () => {
    expect(compiled((d) => charCodes(d, 30, 28))).toEqual({
      sqlite: { sql: 'char(30, 28)', parameters: [] },
      postgres: { sql: 'chr(30) || chr(28)', parameters: [] },
    });
    expect(() => charCodes('sqlite', 1.5)).toThrow();
    expect(() => charCodes('postgres', Number.NaN)).toThrow();
  });

  it('hideFromIndex hides on both; hintOffIndex only where plans take hints', () => {
    expect(
      compiled((d) => sql`${hideFromIndex(d, 'users.role', 'integer')}, ${hideFromIndex(d, 'users.email', 'text')}`),
    ).toEqual({
      sqlite: { sql: '+"users"."role", +"users"."email"', parameters: [] },
      postgres: { sql: `("users"."role" + 0), ("users"."email" || '')`, parameters: [] },
    });
    expect(compiled((d) => hintOffIndex(d, 'users.company_id'))).toEqual({
      sqlite: { sql: '+"users"."company_id"', parameters: [] },
      postgres: { sql: '"users"."company_id"', parameters: [] },
    });
  });
});

describe('locks and transactions', () => {
  const candidates = (db: Kysely<Database>) => db.selectFrom('users').select('id');

  it('lockRows locks on PostgreSQL and leaves SQLite as it is', () => {
    expect(lockRows('sqlite', candidates(sqlite), 'update').compile().sql).toBe('select "id" from "users"');
    expect(lockRows('postgres', candidates(postgres), 'update').compile().sql).toBe(
      'select "id" from "users" for update',
    );
    expect(lockRows('postgres', candidates(postgres), 'no key update').compile().sql).toBe(
      'select "id" from "users" for no key update',
    );
    expect(lockRows('postgres', candidates(postgres), 'update', { skipLocked: true }).compile().sql).toBe(
      'select "id" from "users" for update skip locked',
    );
  });

  it('writeTransaction takes SQLite’s write lock first; PostgreSQL runs a normal transaction', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const { db, log } = database(dialect);
      await writeTransaction(db, dialect, (trx) => sql`SELECT 1`.execute(trx));
      await expect(writeTransaction(db, dialect, () => Promise.reject(new Error('undone')))).rejects.toThrow('undone');
      expect(log).toEqual(
        dialect === 'sqlite'
          ? ['BEGIN IMMEDIATE []', 'SELECT 1 []', 'COMMIT []', 'BEGIN IMMEDIATE []', 'ROLLBACK []']
          : ['begin', 'SELECT 1 []', 'commit', 'begin', 'rollback'],
      );
    }
  });

  it('groupedWriteTransaction: calls made together share one SQLite commit, each in its savepoint; PostgreSQL runs each alone', async () => {
    const lite = database('sqlite');
    const grouped = (text: string) =>
      groupedWriteTransaction(lite.db, 'sqlite', async (trx) => {
        await sql.raw(text).execute(trx);
        return text;
      });
    const failing = () => groupedWriteTransaction(lite.db, 'sqlite', () => Promise.reject(new Error('undone')));
    const results = await Promise.allSettled([grouped('SELECT 1'), failing(), grouped('SELECT 2')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'SELECT 1',
      'undone',
      'SELECT 2',
    ]);
    expect(lite.log).toEqual([
      'BEGIN IMMEDIATE []',
      'SAVEPOINT grouped_write []',
      'SELECT 1 []',
      'RELEASE grouped_write []',
      'SAVEPOINT grouped_write []',
      'ROLLBACK TO grouped_write []',
      'RELEASE grouped_write []',
      'SAVEPOINT grouped_write []',
      'SELECT 2 []',
      'RELEASE grouped_write []',
      'COMMIT []',
    ]);
    const pg = database('postgres');
    await Promise.all(
      [1, 2].map((n) => groupedWriteTransaction(pg.db, 'postgres', (trx) => sql.raw(`SELECT ${n}`).execute(trx))),
    );
    // Two transactions of their own, side by side (on a pool, each on its own connection).
    expect(pg.log.filter((line) => line === 'begin' || line === 'commit')).toEqual([
      'begin',
      'begin',
      'commit',
      'commit',
    ]);
  });

  it('groupedWriteTransaction on a SQLite file: a failed call undoes only its own writes; each settles once committed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'heed-grouped-'));
    const file = join(dir, 'grouped.sqlite');
    const writer = createDb({ url: file });
    const reader = createDb({ url: file });
    try {
      await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)`.execute(writer.db);
      const seen: string[][] = [];
      const committed = async () =>
        (await sql<{ text: string }>`SELECT text FROM notes ORDER BY id`.execute(reader.db)).rows.map((r) => r.text);
      const note = (...texts: string[]) =>
        groupedWriteTransaction(writer.db, 'sqlite', async (trx) => {
          for (const text of texts) await sql`INSERT INTO notes (text) VALUES (${text})`.execute(trx);
        }).then(async () => seen.push(await committed()));
      const results = await Promise.allSettled([note('a'), note('b', 'a'), note('c')]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await committed()).toEqual(['a', 'c']);
      // Another connection already saw every committed row when the first call settled.
      expect(seen[0]).toEqual(['a', 'c']);
    } finally {
      await writer.close();
      await reader.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('transactionLock is an advisory lock on PostgreSQL and nothing on SQLite', async () => {
    const pg = database('postgres');
    await transactionLock(pg.db, 'postgres', 4_206_001, 7);
    expect(pg.log).toEqual(['SELECT pg_advisory_xact_lock(hashtext(current_schema() || $1), $2) [":4206001",7]']);
    const lite = database('sqlite');
    await transactionLock(lite.db, 'sqlite', 4_206_001, 7);
    expect(lite.log).toEqual([]);
  });

  it('stampedRead reads in one REPEATABLE READ snapshot on PostgreSQL, on the handle itself on SQLite', async () => {
    const pg = database('postgres');
    await stampedRead(pg.db, 'postgres', (reader) => sql`SELECT 1`.execute(reader));
    expect(pg.log).toEqual(['begin repeatable read', 'SELECT 1 []', 'commit']);
    const lite = database('sqlite');
    await stampedRead(lite.db, 'sqlite', async (reader) => {
      expect(reader).toBe(lite.db);
      await sql`SELECT 1`.execute(reader);
    });
    expect(lite.log).toEqual(['SELECT 1 []']);
  });
});

describe('many rows', () => {
  const columns = [intColumn('id'), textColumn('name')];
  const rows = [
    [1, 'a'],
    [2, null],
    [3, 'c'],
  ];

  it('bulkInsert: VALUES pieces of power-of-two sizes on SQLite, unnest of column arrays on PostgreSQL', async () => {
    const lite = database('sqlite');
    await bulkInsert(lite.db, 'sqlite', 'things', columns, rows, 'ON CONFLICT DO NOTHING');
    expect(lite.log).toEqual([
      'INSERT INTO "things" ("id", "name") VALUES (?,?),(?,?) ON CONFLICT DO NOTHING [1,"a",2,null]',
      'INSERT INTO "things" ("id", "name") VALUES (?,?) ON CONFLICT DO NOTHING [3,"c"]',
    ]);
    const pg = database('postgres');
    await bulkInsert(pg.db, 'postgres', 'things', columns, rows);
    expect(pg.log).toEqual([
      'INSERT INTO "things" ("id", "name") SELECT * FROM unnest($1::int4[], $2::text[]) AS v("id", "name")  [[1,2,3],["a",null,"c"]]',
    ]);
  });

  it('bulkUpdate: a VALUES table joined on SQLite, unnest on PostgreSQL', async () => {
    const lite = database('sqlite');
    await bulkUpdate(lite.db, 'sqlite', 'things', intColumn('id'), [textColumn('name')], rows.slice(0, 2));
    expect(lite.log).toEqual([
      'WITH v("id", "name") AS (VALUES (?,?),(?,?)) UPDATE "things" SET "name" = v."name" FROM v WHERE "things"."id" = v."id" [1,"a",2,null]',
    ]);
    const pg = database('postgres');
    await bulkUpdate(pg.db, 'postgres', 'things', intColumn('id'), [textColumn('name')], rows.slice(0, 2));
    expect(pg.log).toEqual([
      'UPDATE "things" AS t SET "name" = v."name" FROM unnest($1::int4[], $2::text[]) AS v("id", "name") WHERE t."id" = v."id" [[1,2],["a",null]]',
    ]);
  });

  it('reserveIds: the sequence on PostgreSQL, the ids after the largest on SQLite', async () => {
    const pg = database('postgres', [{ id: 11 }, { id: 12 }]);
    expect(await reserveIds(pg.db, 'postgres', 'users', 2)).toEqual([11, 12]);
    expect(pg.log).toEqual([
      `SELECT nextval(pg_get_serial_sequence('users', 'id'))::int AS id FROM generate_series(1, $1) [2]`,
    ]);
    const lite = database('sqlite', [{ last: 40 }]);
    expect(await reserveIds(lite.db, 'sqlite', 'users', 3)).toEqual([41, 42, 43]);
    expect(lite.log).toEqual([
      `SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'users'), 0), COALESCE((SELECT MAX(id) FROM users), 0)) AS last []`,
    ]);
    expect(await reserveIds(lite.db, 'sqlite', 'users', 0)).toEqual([]);
  });
});
