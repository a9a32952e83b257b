import type { exportAuditLogsQuery, listAuditLogsQuery } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import type { Cell, SpreadsheetDownload } from '../../platform/files/spreadsheet.ts';
import { type AuditCriteria, listAuditIds, readAuditEntries } from './audit-logs.repository.ts';
import { changesText, toAuditLogEntry } from './audit-logs.mapper.ts';
import { type TimeKey, readTimeCursor, timeCursor } from './cursor.ts';
import { DATE_RANGE_HINT, type FilterSpec, checkText, dateRange, ids, readFilters, texts } from './history-filters.ts';

export interface AuditLogsDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

type ListQuery = z.output<typeof listAuditLogsQuery>;
type ExportQuery = z.output<typeof exportAuditLogsQuery>;

const companies = (values: string[]) => (values.length === 1 && values[0] === 'all' ? 'all' : ids(values));

const FILTERS: FilterSpec<keyof AuditCriteria> = {
  company_id: ['companies', companies, 'Use company ids, or all.'],
  actor_id: ['actorIds', ids, 'Use user ids.'],
  impersonator_id: ['impersonatorIds', ids, 'Use user ids.'],
  action: ['actions', texts, 'Use actions such as user.update.'],
  entity_type: ['entityTypes', texts, 'Use entity types such as user.'],
  entity_id: ['entityIds', texts, 'Use entity ids.'],
  created_at: ['created', dateRange, DATE_RANGE_HINT],
};

/** The criteria of a query: the header's company unless `field[company_id]` names others (or all). */
export function auditCriteria(ctx: AuthedContext, query: ListQuery): AuditCriteria {
  const filters = readFilters(query, FILTERS) as Partial<AuditCriteria>;
  const text = checkText(query.text);
  return { companies: [ctx.companyId], ...filters, ...(text ? { text } : {}) };
}

/** GET /audit-logs: newest first (spec §9), keyset-paged. */
export async function listAuditLogs(deps: AuditLogsDeps, ctx: AuthedContext, query: ListQuery) {
  const criteria = auditCriteria(ctx, query);
  const after = readTimeCursor(query.cursor);
  const pageIds = await listAuditIds(deps.db, deps.dialect, criteria, after, query.per_page + 1);
  const more = pageIds.length > query.per_page;
  const rows = await readAuditEntries(deps.db, pageIds.slice(0, query.per_page));
  const last = rows.at(-1);
  return {
    data: rows.map(toAuditLogEntry),
    meta: {
      per_page: query.per_page,
      next_cursor: more && last ? timeCursor({ at: last.created_at, id: Number(last.id) }) : null,
    },
  };
}

const EXPORT_BATCH = 2000;
const COLUMNS = [
  'ID',
  'Time (UTC)',
  'Actor',
  'Actor username',
  'Impersonated by',
  'Company',
  'Action',
  'Entity type',
  'Entity ID',
  'Changes',
  'IP',
];
const dateTime = (value: string) => value.slice(0, 19).replace('T', ' ');

async function* exportRows({ db, dialect }: AuditLogsDeps, criteria: AuditCriteria): AsyncGenerator<Cell[][]> {
  let after: TimeKey | undefined;
  for (;;) {
    const pageIds = await listAuditIds(db, dialect, criteria, after, EXPORT_BATCH);
    if (pageIds.length === 0) return;
    const rows = await readAuditEntries(db, pageIds);
    const last = rows.at(-1)!;
    after = { at: last.created_at, id: Number(last.id) };
    yield rows.map((row) => {
      const entry = toAuditLogEntry(row);
      return [
        entry.id,
        dateTime(entry.created_at),
        entry.actor?.name ?? null,
        entry.actor?.username ?? null,
        entry.impersonated_by?.username ?? null,
        entry.company?.name ?? null,
        entry.action,
        entry.entity_type,
        entry.entity_id,
        changesText(entry.changes),
        entry.ip,
      ];
    });
    if (pageIds.length < EXPORT_BATCH) return;
  }
}

/**
 * GET /audit-logs/export: every entry of the list's filter, newest first, streamed batch by batch
 * (formula cells neutralised by the writers). The export itself is audited when it ends.
 */
export function exportAuditLogs(deps: AuditLogsDeps, ctx: AuthedContext, query: ExportQuery): SpreadsheetDownload {
  const criteria = auditCriteria(ctx, query);
  const now = iso(ctx.now());
  return {
    filename: `audit-log-${now.slice(0, 10)}`,
    sheetName: 'Audit log',
    header: COLUMNS,
    format: query.format,
    rows: exportRows(deps, criteria),
    onEnd: ({ rows, completed }) =>
      audit(deps.db, ctx, {
        action: 'audit_logs.export',
        entityType: 'audit_log',
        after: { format: query.format, companies: criteria.companies, rows, completed },
      }),
  };
}
