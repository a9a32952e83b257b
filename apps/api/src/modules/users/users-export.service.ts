import { ROLE_LABELS, type RoleId, type exportUsersQuery } from '@heed/contract';
import type { z } from 'zod';
import { audit } from '../../platform/audit.repository.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { finishCsvLines } from '../../platform/files/csv-lines.ts';
import type { Cell, CsvBatch, SpreadsheetDownload } from '../../platform/files/spreadsheet.ts';
import { CSV_LINE_FIELDS_MAX, iterateExportCsvLines } from './users-export-csv.repository.ts';
import {
  type DepartmentPaths,
  type ExportField,
  type ExportRow,
  exportHint,
  iterateExportRows,
  listAmbiguousDepartmentPaths,
  listExportFields,
  listExportRowsBetween,
} from './users-export.repository.ts';
import type { UserCriteria } from './users.criteria.ts';
import { type UsersDeps, listCriteria } from './users.service.ts';

type ExportQuery = z.output<typeof exportUsersQuery>;

/** Rows per query: big enough to keep the per-query cost small, small enough to keep memory flat. */
const EXPORT_BATCH_SIZE = 2000;

/** What an export's rows hold besides the users' own columns: its custom fields, and the departments written as paths. */
interface ExportShape {
  fields: ExportField[];
  departments: DepartmentPaths;
}

const COLUMNS = [
  'ID',
  'First name',
  'Last name',
  'Username',
  'E-mail',
  'Role',
  'Department',
  'Manager',
  'Status',
  'Phone',
  'Hired',
  'Last sign-in',
  'Created',
];
/** Query keys that shape a page, not the set of users: left out of the audit entry's filter. */
const NOT_FILTERS = new Set(['page', 'per_page', 'sort', 'order', 'format']);

/** `2026-03-02T09:00:00.000Z` → `2026-03-02 09:00:00` (UTC), which spreadsheets read as a date and time. */
const dateTime = (value: string | null) => (value ? value.slice(0, 19).replace('T', ' ') : null);

function customCell(field: ExportField, value: string | null | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (field.type === 'number' && Number.isFinite(Number(value))) return Number(value);
  if (field.type === 'boolean') return value === 'true' ? 'Yes' : 'No';
  return value;
}

const roleLabel = (role: number) => ROLE_LABELS[role as RoleId] ?? String(role);

/**
 * The database's row turned into the sheet's row, in place (one array per user, no copies). The
 * CSV lines the database writes itself (`users-export-csv.repository.ts`) follow the same rules.
 */
function exportRow(row: ExportRow, fields: ExportField[]): Cell[] {
  const values = row[13];
  const cells = row as unknown as Cell[];
  cells[5] = roleLabel(row[5]);
  cells[8] = row[8] ? 'Deactivated' : 'Active';
  cells[11] = dateTime(row[11]);
  cells[12] = dateTime(row[12]);
  cells.length = 13;
  for (const field of fields) cells.push(customCell(field, values?.[field.id]));
  return cells;
}

async function* exportRows(deps: UsersDeps, criteria: UserCriteria, shape: ExportShape) {
  const { fields, departments } = shape;
  const options = { batchSize: EXPORT_BATCH_SIZE, withFields: fields.length > 0, departments };
  for await (const rows of iterateExportRows(deps.db, deps.dialect, criteria, options)) {
    yield rows.map((row) => exportRow(row, fields));
  }
}

/**
 * The CSV rows as the database writes them, finished batch by batch (`finishCsvLines`): a batch
 * whose text held one of the line separators itself is read again as cells, so that its bytes are
 * those of `exportRow` all the same.
 */
async function* exportCsvRows(deps: UsersDeps, criteria: UserCriteria, shape: ExportShape) {
  const { db, dialect } = deps;
  const { fields, departments } = shape;
  const hint = await exportHint(db, dialect, criteria, EXPORT_BATCH_SIZE);
  const columns = COLUMNS.length + fields.length;
  const options = { batchSize: EXPORT_BATCH_SIZE, fields, hint, departments };
  for await (const batch of iterateExportCsvLines(db, dialect, criteria, options)) {
    const csv = finishCsvLines(batch.text, { rows: batch.rows, columns, numbers: batch.numbers });
    if (csv) {
      yield { csv, rows: batch.rows } satisfies CsvBatch;
      continue;
    }
    const between = { after: batch.after, through: batch.last, hint, withFields: fields.length > 0, departments };
    const rows = await listExportRowsBetween(db, dialect, criteria, between);
    yield rows.map((row) => exportRow(row, fields)) satisfies CsvBatch;
  }
}

/**
 * GET /users/export: the users the list shows for the same filters and scope, every page of them,
 * in id order, with one column per custom field. The filters are checked here, before any byte is
 * sent. The export is audited (`users.export`: filter, format, rows) when it ends, outside any
 * transaction since it changes nothing.
 */
export async function exportUsers(deps: UsersDeps, ctx: AuthedContext, query: ExportQuery) {
  const criteria = await listCriteria(deps, ctx, query);
  const fields = await listExportFields(deps.db, ctx.companyId);
  const shape: ExportShape = { fields, departments: await listAmbiguousDepartmentPaths(deps.db, ctx.companyId) };
  const filter = Object.fromEntries(Object.entries(query).filter(([key]) => !NOT_FILTERS.has(key)));
  const download = {
    filename: `users-${ctx.now().toISOString().slice(0, 10)}`,
    sheetName: 'Users',
    header: [...COLUMNS, ...fields.map((field) => field.label)],
    onEnd: ({ rows, completed }: { rows: number; completed: boolean }) =>
      audit(deps.db, ctx, {
        action: 'users.export',
        entityType: 'user',
        after: { format: query.format, filter, rows, completed },
      }),
  };
  if (query.format === 'xlsx')
    return { ...download, format: 'xlsx', rows: exportRows(deps, criteria, shape) } satisfies SpreadsheetDownload;
  const rows =
    fields.length <= CSV_LINE_FIELDS_MAX ? exportCsvRows(deps, criteria, shape) : exportRows(deps, criteria, shape);
  return { ...download, format: 'csv', rows } satisfies SpreadsheetDownload;
}
