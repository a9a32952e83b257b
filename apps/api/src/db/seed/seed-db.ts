import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../create-db.ts';
import type { Database } from '../types.ts';

type Db = Kysely<Database>;

// SQLite allows 32766 bound variables per statement, PostgreSQL 65535; stay under both.
const MAX_VARIABLES = 30_000;

/**
 * Inserts rows in as few multi-row INSERTs as the variable limit allows. The SQL is written here rather
 * than built by Kysely's query builder, which spends most of its time on the hundreds of thousands of
 * value nodes a demo seed would create. Column names come from our own row objects, never from input.
 */
export async function insertMany<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const isPostgres = dialectOf(db) === 'postgres';
  const chunk = Math.max(1, Math.floor(MAX_VARIABLES / columns.length));
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = rows.slice(start, start + chunk) as Record<string, unknown>[];
    const parameters: unknown[] = [];
    const tuples = slice.map((row) => {
      const marks = columns.map((column) => {
        parameters.push(row[column] ?? null);
        return isPostgres ? `$${parameters.length}` : '?';
      });
      return `(${marks.join(', ')})`;
    });
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
  }
}

type IdTable =
  | 'companies'
  | 'departments'
  | 'users'
  | 'custom_fields'
  | 'course_categories'
  | 'courses'
  | 'topics'
  | 'questions'
  | 'assignment_rules'
  | 'assignments'
  | 'notification_templates'
  | 'notifications'
  | 'course_media'
  | 'course_versions'
  | 'course_attempts'
  | 'certificates';

/**
 * Hands out explicit primary keys, continuing after the largest existing id, so that seed code can
 * link rows without reading ids back. {@link resetSequences} brings PostgreSQL's sequences level.
 */
export class IdAllocator {
  private readonly last = new Map<IdTable, number>();

  static async create(db: Db, tables: readonly IdTable[]): Promise<IdAllocator> {
    const allocator = new IdAllocator();
    for (const table of tables) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max<number | null>('id').as('max'))
        .executeTakeFirst();
      allocator.last.set(table, Number(row?.max ?? 0));
    }
    return allocator;
  }

  next(table: IdTable): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }
}

export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** After explicit ids, PostgreSQL's serial sequences must continue past them (SQLite does this itself). */
export async function resetSequences(db: Db, tables: readonly { table: string; column?: string }[]) {
  if (dialectOf(db) !== 'postgres') return;
  for (const { table, column = 'id' } of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), max_id)
      FROM (SELECT max(${sql.ref(column)}) AS max_id FROM ${sql.table(table)}) AS m WHERE max_id IS NOT NULL`.execute(
      db,
    );
  }
}

/**
 * PostgreSQL: statistics for the tables a seed has filled so far, so that the statements after it (the
 * rollup triggers' joins, the automated reports' first runs) plan for the rows there are rather than for
 * empty tables. Inside the seed's transaction, ANALYZE samples its uncommitted rows too.
 */
export async function analyzeSeeded(db: Db, tables: readonly string[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`ANALYZE ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

/**
 * Runs `work` (a bulk load of `tables`) with the tables' secondary indexes dropped, then creates them
 * again exactly as they were: one sort per index instead of hundreds of thousands of random inserts.
 * Inside the caller's transaction, so a failure leaves the schema untouched. Indexes that back a
 * constraint (primary keys, UNIQUE constraints) stay.
 */
export async function withIndexesRebuilt(db: Db, tables: readonly string[], work: () => Promise<void>): Promise<void> {
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{
          name: string;
          definition: string;
        }>`SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
          FROM pg_index i
          JOIN pg_class ic ON ic.oid = i.indexrelid
          JOIN pg_class t ON t.oid = i.indrelid
          JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE n.nspname = current_schema() AND t.relname IN (${sql.join(tables)})
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
          ORDER BY ic.relname`.execute(db)
      : await sql<{ name: string; definition: string }>`SELECT name, sql AS definition FROM sqlite_master
          WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${sql.join(tables)}) ORDER BY name`.execute(db);
  for (const index of rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db);
  await work();
  for (const index of rows) await sql.raw(index.definition).execute(db);
}
