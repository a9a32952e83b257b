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
  | 'notifications';

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
