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

/** Drops index `name` and builds it again on `columns` (a migration that changes an index's columns). */
export async function rebuildIndex(db: Kysely<any>, name: string, table: string, columns: string[]) {
  await db.schema.dropIndex(name).execute();
  await index(db, name, table, columns);
}

export { sql };

/** A PostgreSQL trigger function `name()` that runs `body` (SQL statements) and returns `returns`. */
export async function createTriggerFunction(db: Kysely<any>, name: string, body: string, returns = 'NULL') {
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN ${body}; RETURN ${returns}; END $$`)
    .execute(db);
}

/**
 * PostgreSQL statement triggers `<prefix>_insert`, `<prefix>_delete` and `<prefix>_update` on `table`,
 * each running the function of its name, with the statement's rows as `new_rows` and/or `old_rows`.
 */
export async function createStatementTriggers(db: Kysely<any>, prefix: string, table: string) {
  const events = [
    ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
    ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
    ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ] as const;
  for (const [suffix, event, tables] of events) {
    await sql
      .raw(`CREATE TRIGGER ${prefix}_${suffix} AFTER ${event} ON ${table} REFERENCING ${tables}
        FOR EACH STATEMENT EXECUTE FUNCTION ${prefix}_${suffix}()`)
      .execute(db);
  }
}

/** Drops `[trigger, table]` pairs, and on PostgreSQL each trigger's function of the same name. */
export async function dropTriggers(db: Kysely<any>, triggers: readonly (readonly [string, string])[]) {
  const postgres = isPostgres(db);
  for (const [trigger, table] of triggers) {
    await sql.raw(postgres ? `DROP TRIGGER ${trigger} ON ${table}` : `DROP TRIGGER ${trigger}`).execute(db);
    if (postgres) await sql.raw(`DROP FUNCTION ${trigger}()`).execute(db);
  }
}
