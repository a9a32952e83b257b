import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations are frozen in time: they use the schema builder on `Kysely<any>` and never import app types.

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Auto-increment integer primary key on either dialect. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>, column = 'id') {
  return isPostgres(db)
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

export function withTimestamps<T extends string>(table: CreateTableBuilder<T, any>) {
  return table
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull());
}

export const flag =
  (defaultValue = 0) =>
  (c: any) =>
    c.notNull().defaultTo(defaultValue);

export async function index(db: Kysely<any>, name: string, table: string, columns: string[], unique = false) {
  let builder = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) builder = builder.unique();
  await builder.execute();
}

export { sql };
