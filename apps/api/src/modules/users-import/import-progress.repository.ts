import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { bulkInsert, int, text } from './bulk-sql.ts';

// The import's own bookkeeping: each row's outcome (`import_rows`), each row's errors
// (`import_errors`) and the running counts on `imports`, written in the same transaction as the
// rows' changes, so that a stopped run knows exactly which rows are done.

export type RowStatus = 'created' | 'updated' | 'skipped' | 'failed' | 'deferred';
export type ImportRowRecord = [row: number, status: RowStatus, userId: number | null, data: string | null];
export type ImportErrorRecord = [row: number, column: string, message: string, value: string | null];

export async function upsertImportRows(
  db: Kysely<Database>,
  dialect: Dialect,
  importId: number,
  rows: ImportRowRecord[],
): Promise<void> {
  await bulkInsert(
    db,
    dialect,
    'import_rows',
    [int('import_id'), int('row_number'), text('status'), int('user_id'), text('data')],
    rows.map(([row, status, userId, data]) => [importId, row, status, userId, data]),
    'ON CONFLICT (import_id, row_number) DO UPDATE SET status = excluded.status, user_id = excluded.user_id, data = excluded.data',
  );
}

const clip = (value: string | null, max: number) => (value === null ? null : value.slice(0, max));

export async function insertImportErrors(
  db: Kysely<Database>,
  dialect: Dialect,
  importId: number,
  kind: 'dry_run' | 'import',
  errors: ImportErrorRecord[],
): Promise<void> {
  await bulkInsert(
    db,
    dialect,
    'import_errors',
    [int('import_id'), text('kind'), int('row_number'), text('column'), text('message'), text('value')],
    errors.map(([row, column, message, value]) => [
      importId,
      kind,
      row,
      clip(column, 255),
      clip(message, 500),
      clip(value, 1000),
    ]),
  );
}

export async function clearImportErrors(db: Kysely<Database>, importId: number, kind: 'dry_run' | 'import') {
  await db.deleteFrom('import_errors').where('import_id', '=', importId).where('kind', '=', kind).execute();
}

export interface CountsDelta {
  created?: number;
  updated?: number;
  skipped?: number;
  failed?: number;
  deactivated?: number;
  processed?: number;
}

/** Adds to the import's counts; `lastRow` moves the watermark of rows read (never back). */
export async function advanceImport(db: Kysely<Database>, importId: number, delta: CountsDelta, lastRow?: number) {
  await db
    .updateTable('imports')
    .set((eb) => ({
      created_count: eb('created_count', '+', delta.created ?? 0),
      updated_count: eb('updated_count', '+', delta.updated ?? 0),
      skipped_count: eb('skipped_count', '+', delta.skipped ?? 0),
      failed_count: eb('failed_count', '+', delta.failed ?? 0),
      deactivated_count: eb('deactivated_count', '+', delta.deactivated ?? 0),
      processed_rows: eb('processed_rows', '+', delta.processed ?? 0),
      ...(lastRow !== undefined ? { last_row: lastRow } : {}),
    }))
    .where('id', '=', importId)
    .execute();
}

/** Deferred rows (their manager was not a user yet), in row order after `afterRow`. */
export async function listDeferredRows(db: Kysely<Database>, importId: number, afterRow: number, limit: number) {
  return db
    .selectFrom('import_rows')
    .select(['row_number', 'data'])
    .where('import_id', '=', importId)
    .where('status', '=', 'deferred')
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

export async function countDeferredRows(db: Kysely<Database>, importId: number): Promise<number> {
  const row = await db
    .selectFrom('import_rows')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('import_id', '=', importId)
    .where('status', '=', 'deferred')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface DeactivationScope {
  companyId: number;
  importId: number;
  actorId: number;
  /** Department Managers: their departments; null for the whole company. */
  departmentIds: number[] | null;
  /** Roles ranked above the actor: never deactivated by them. */
  excludedRoles: number[];
}

/**
 * Active users of the scope that no row of the import named (matched or failed rows both count as
 * named), site admins and the actor excluded. Read in id order, `limit` at a time. Without
 * `namedByImport` (a dry run, which records no rows) every active user of the scope is listed.
 */
export async function listMissingUsers(
  db: Kysely<Database>,
  scope: DeactivationScope,
  afterId: number,
  limit: number,
  namedByImport = true,
) {
  let query = db
    .selectFrom('users')
    .select(['id', 'department_id'])
    .where('company_id', '=', scope.companyId)
    .where('suspended', '=', 0)
    .where('site_admin', '=', 0)
    .where('id', '<>', scope.actorId)
    .where('id', '>', afterId)
    .$if(namedByImport, (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('import_rows')
              .select(sql`1`.as('one'))
              .where('import_rows.import_id', '=', scope.importId)
              .whereRef('import_rows.user_id', '=', 'users.id'),
          ),
        ),
      ),
    );
  if (scope.departmentIds !== null)
    query = query.where('department_id', 'in', scope.departmentIds.length ? scope.departmentIds : [-1]);
  if (scope.excludedRoles.length > 0) query = query.where('role', 'not in', scope.excludedRoles);
  return query.orderBy('id').limit(limit).execute();
}

export async function suspendUsers(db: Kysely<Database>, ids: number[], now: string): Promise<void> {
  await db.updateTable('users').set({ suspended: 1, updated_at: now }).where('id', 'in', ids).execute();
}
