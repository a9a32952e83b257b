import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { Database, ImportsTable, UserRow } from '../../db/types.ts';

export type ImportRow = Selectable<ImportsTable>;
export type ImportKind = 'dry_run' | 'import';

export async function insertImport(db: Kysely<Database>, values: Insertable<ImportsTable>): Promise<number> {
  const row = await db.insertInto('imports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findImport(db: Kysely<Database>, id: number): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The import, which must exist (a run holds it). */
export async function getImport(db: Kysely<Database>, id: number): Promise<ImportRow> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The user who started an import, as they stand now. */
export async function findImporter(db: Kysely<Database>, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** An import of the company, and (for a Department Manager) one they created; else undefined, like a missing one. */
export async function findVisibleImport(
  db: Kysely<Database>,
  companyId: number,
  createdBy: number | null,
  id: number,
): Promise<ImportRow | undefined> {
  let query = db.selectFrom('imports').selectAll().where('id', '=', id).where('company_id', '=', companyId);
  if (createdBy !== null) query = query.where('created_by', '=', createdBy);
  return query.executeTakeFirst();
}

export async function updateImport(db: Kysely<Database>, id: number, values: Updateable<ImportsTable>): Promise<void> {
  await db.updateTable('imports').set(values).where('id', '=', id).execute();
}

/** Imports newest first, with their creators' names. */
export async function listImports(
  db: Kysely<Database>,
  companyId: number,
  createdBy: number | null,
  page: { limit: number; offset: number },
) {
  let base = db.selectFrom('imports').where('imports.company_id', '=', companyId);
  if (createdBy !== null) base = base.where('imports.created_by', '=', createdBy);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'imports.created_by')
      .selectAll('imports')
      .select(['users.first_name as creator_first_name', 'users.last_name as creator_last_name'])
      .orderBy('imports.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findUserNames(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`]));
}

export async function findJobState(db: Kysely<Database>, jobId: number | null) {
  if (jobId === null) return undefined;
  return db.selectFrom('jobs').select(['status', 'last_error']).where('id', '=', jobId).executeTakeFirst();
}

export async function listImportErrors(
  db: Kysely<Database>,
  importId: number,
  kind: ImportKind,
  page: { limit: number; offset: number },
) {
  const base = db.selectFrom('import_errors').where('import_id', '=', importId).where('kind', '=', kind);
  const [rows, total] = await Promise.all([
    base
      .select(['row_number', 'column', 'message', 'value'])
      .orderBy('row_number')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** All errors of one kind in row order, a batch at a time (keyset on row and id), for the CSV download. */
export async function* iterateImportErrors(
  db: Kysely<Database>,
  importId: number,
  kind: ImportKind,
  batchSize: number,
) {
  let after = { row: -1, id: -1 };
  for (;;) {
    const rows = await db
      .selectFrom('import_errors')
      .select(['id', 'row_number', 'column', 'message', 'value'])
      .where('import_id', '=', importId)
      .where('kind', '=', kind)
      .where((eb) =>
        eb.or([eb('row_number', '>', after.row), eb.and([eb('row_number', '=', after.row), eb('id', '>', after.id)])]),
      )
      .orderBy('row_number')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)!;
    after = { row: last.row_number, id: last.id };
    if (rows.length < batchSize) return;
  }
}
