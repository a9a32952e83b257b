import type { Kysely } from 'kysely';
import { index, withId } from './helpers.ts';

/**
 * What the users import needs beyond migration 004's tables:
 * - on `imports`: what the upload found (size, delimiter, encoding, headers, a sample), the job running it,
 *   where a run stands (`stage`, and `last_row`: every file row up to it is applied or recorded), the dry
 *   run's result, and who started the run (its audit entries name them);
 * - on `import_rows`: a deferred row's data (its manager comes later in the file), and an index by user
 *   for "deactivate users missing from the file";
 * - `import_errors`: the problems of each row (row, column, message, value), of the dry run and of the run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: [string, string, ((c: any) => any)?][] = [
    ['file_size', 'integer', (c) => c.notNull().defaultTo(0)],
    ['delimiter', 'varchar(4)'],
    ['encoding', 'varchar(16)'],
    ['headers', 'text'],
    ['sample', 'text'],
    ['job_id', 'integer'],
    ['stage', 'varchar(16)'],
    ['last_row', 'integer', (c) => c.notNull().defaultTo(0)],
    ['dry_run', 'text'],
    ['run_by', 'integer'],
    ['run_impersonator_id', 'integer'],
    ['run_ip', 'varchar(64)'],
    ['last_error', 'text'],
  ];
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type, build] of columns) {
    await db.schema
      .alterTable('imports')
      .addColumn(name, type as 'text', build ?? ((c) => c))
      .execute();
  }
  await db.schema.alterTable('import_rows').addColumn('data', 'text').execute();
  await index(db, 'import_rows_user', 'import_rows', ['import_id', 'user_id']);

  await withId(db, db.schema.createTable('import_errors'))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('column', 'varchar(255)', (c) => c.notNull())
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('value', 'varchar(1000)')
    .execute();
  await index(db, 'import_errors_import', 'import_errors', ['import_id', 'kind', 'row_number', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_errors').execute();
  await db.schema.dropIndex('import_rows_user').execute();
  await db.schema.alterTable('import_rows').dropColumn('data').execute();
  for (const name of [
    'last_error',
    'run_ip',
    'run_impersonator_id',
    'run_by',
    'dry_run',
    'last_row',
    'stage',
    'job_id',
    'sample',
    'headers',
    'encoding',
    'delimiter',
    'file_size',
  ]) {
    await db.schema.alterTable('imports').dropColumn(name).execute();
  }
}
