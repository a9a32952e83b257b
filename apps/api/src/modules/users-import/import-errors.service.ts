import type { ImportErrorKind, ImportRowError, PageMeta } from '@heed/contract';
import { audit } from '../../platform/audit.repository.ts';
import type { AuthedContext } from '../../platform/context.ts';
import type { SpreadsheetDownload } from '../../platform/files/spreadsheet.ts';
import { pageMeta } from '../users/index.ts';
import { type ImportRow, iterateImportErrors, listImportErrors } from './users-import.repository.ts';
import { type ImportDeps, visibleImport } from './users-import.service.ts';

/** The errors shown by default: the run's once it has started, else the dry run's. */
const kindOf = (row: ImportRow, kind: ImportErrorKind | undefined): ImportErrorKind =>
  kind ?? (row.started_at === null ? 'dry_run' : 'import');

/** GET /users/imports/{id}/errors: one page of row errors in row order. */
export async function listUserImportErrors(
  deps: ImportDeps,
  ctx: AuthedContext,
  id: number,
  query: { page: number; per_page: number; kind?: ImportErrorKind },
): Promise<{ data: ImportRowError[]; meta: PageMeta }> {
  const row = await visibleImport(deps, ctx, id);
  const { rows, total } = await listImportErrors(deps.db, id, kindOf(row, query.kind), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((r) => ({ row: r.row_number, column: r.column, message: r.message, value: r.value })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

/**
 * GET /users/imports/{id}/errors/export: every row error as CSV, streamed in row order. Cells are
 * neutralised against formula injection by the spreadsheet writer; the download is audited.
 */
export async function exportUserImportErrors(
  deps: ImportDeps,
  ctx: AuthedContext,
  id: number,
  query: { kind?: ImportErrorKind },
): Promise<SpreadsheetDownload> {
  const row = await visibleImport(deps, ctx, id);
  const kind = kindOf(row, query.kind);
  async function* rows() {
    for await (const batch of iterateImportErrors(deps.db, id, kind, 2000)) {
      yield batch.map((e) => [e.row_number, e.column, e.message, e.value]);
    }
  }
  return {
    format: 'csv',
    filename: `import-${id}-${kind === 'dry_run' ? 'dry-run-' : ''}errors`,
    sheetName: 'Errors',
    header: ['Row', 'Column', 'Message', 'Value'],
    rows: rows(),
    onEnd: ({ rows: count, completed }) =>
      audit(deps.db, ctx, {
        action: 'import.errors_export',
        entityType: 'import',
        entityId: id,
        after: { kind, rows: count, completed },
      }),
  };
}
