import { ROLE_LABELS, type RoleId, type exportUsersQuery } from '@heed/contract';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import type { Cell, SpreadsheetDownload } from '../../platform/spreadsheet.ts';
import { type ExportField, type ExportRow, iterateExportRows, listExportFields } from './users-export.repository.ts';
import type { UserCriteria } from './users.criteria.ts';
import { type UsersDeps, listCriteria } from './users.service.ts';

type ExportQuery = z.output<typeof exportUsersQuery>;

/** Rows per query: big enough to keep the per-query cost small, small enough to keep memory flat. */
const EXPORT_BATCH_SIZE = 2000;

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

/** The database's row turned into the sheet's row, in place (one array per user, no copies). */
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

async function* exportRows(deps: UsersDeps, criteria: UserCriteria, fields: ExportField[]) {
  const options = { batchSize: EXPORT_BATCH_SIZE, withFields: fields.length > 0 };
  for await (const rows of iterateExportRows(deps.db, deps.dialect, criteria, options)) {
    yield rows.map((row) => exportRow(row, fields));
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
  const filter = Object.fromEntries(Object.entries(query).filter(([key]) => !NOT_FILTERS.has(key)));
  const download: SpreadsheetDownload = {
    format: query.format,
    filename: `users-${ctx.now().toISOString().slice(0, 10)}`,
    sheetName: 'Users',
    header: [...COLUMNS, ...fields.map((field) => field.label)],
    rows: exportRows(deps, criteria, fields),
    onEnd: ({ rows, completed }) =>
      audit(deps.db, ctx, {
        action: 'users.export',
        entityType: 'user',
        after: { format: query.format, filter, rows, completed },
      }),
  };
  return download;
}
