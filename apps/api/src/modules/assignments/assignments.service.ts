import { ASSIGNMENT_STATUS_LABELS, type exportAssignmentsQuery, type listAssignmentsQuery } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import type { Cell, SpreadsheetDownload } from '../../platform/files/spreadsheet.ts';
import { departmentScope } from '../../platform/scope.ts';
import { hasNul, pageMeta, resolveCustomFieldFilters } from '../users/index.ts';
import { ASSIGNMENT_ORDER, listAssignmentRowsAfter, listAssignmentsPage } from './assignments-list.repository.ts';
import type { AssignmentCriteria } from './assignments.criteria.ts';
import { parseAssignmentFilters } from './assignments.filters.ts';
import { sourceLabel, toAssignmentListItem } from './assignments.mapper.ts';

export interface AssignmentsDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

type ListQuery = z.output<typeof listAssignmentsQuery>;
type ExportQuery = z.output<typeof exportAssignmentsQuery>;

/**
 * The criteria of a list query in the caller's company and reach; the request's clock joins them
 * when the matches depend on it (a status filter). The status order reads the clock too, but is
 * never kept (`unkeptSortKeys`), and its total is the one of the same filters in any order.
 */
export async function assignmentCriteria(
  deps: AssignmentsDeps,
  ctx: AuthedContext,
  query: ListQuery,
  now: string,
): Promise<AssignmentCriteria> {
  const { criteria: filters, custom } = parseAssignmentFilters(query);
  if (query.text && hasNul(query.text)) throw invalidField('text', 'Remove control characters.');
  const customFields = await resolveCustomFieldFilters(deps.db, ctx.companyId, custom);
  const timed = filters.statuses !== undefined;
  return {
    companyId: ctx.companyId,
    scope: await departmentScope(deps.db, ctx),
    ...(timed ? { now } : {}),
    ...(query.text ? { text: query.text } : {}),
    ...filters,
    ...(customFields.length > 0 ? { customFields } : {}),
  };
}

/** GET /assignments: the assignments of the learners in the caller's reach, filtered, sorted and paged. */
export async function listAssignments(deps: AssignmentsDeps, ctx: AuthedContext, query: ListQuery) {
  const now = iso(ctx.now());
  const criteria = await assignmentCriteria(deps, ctx, query, now);
  const page = {
    orderBy: ASSIGNMENT_ORDER[query.sort],
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
  const { rows, total } = await listAssignmentsPage(deps.db, deps.dialect, criteria, page, now);
  return {
    data: rows.map((row) => toAssignmentListItem(row, now)),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

const EXPORT_BATCH = 2000;
const COLUMNS = [
  'ID',
  'Learner',
  'Username',
  'Course',
  'Department',
  'Assigned',
  'Due',
  'Status',
  'Completed',
  'Score',
  'Expires',
  'Source',
];
const NOT_FILTERS = new Set(['page', 'per_page', 'sort', 'order', 'format']);
const dateTime = (value: string | null) => (value ? value.slice(0, 19).replace('T', ' ') : null);

async function* exportRows(deps: AssignmentsDeps, criteria: AssignmentCriteria, now: string): AsyncGenerator<Cell[][]> {
  let after = 0;
  for (;;) {
    const rows = await listAssignmentRowsAfter(deps.db, deps.dialect, criteria, after, EXPORT_BATCH, now);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;
    yield rows.map((row) => {
      const item = toAssignmentListItem(row, now);
      return [
        item.id,
        item.learner.name,
        item.learner.username,
        item.course.name,
        item.department?.name ?? null,
        dateTime(item.assigned_at),
        dateTime(item.due_at),
        ASSIGNMENT_STATUS_LABELS[item.status],
        dateTime(item.completed_at),
        item.score,
        dateTime(item.expires_at),
        sourceLabel(item),
      ];
    });
    if (rows.length < EXPORT_BATCH) return;
  }
}

/**
 * GET /assignments/export: every assignment the list shows for the same filters and reach, in id
 * order, statuses derived at the request's clock. Audited (`assignments.export`) when it ends.
 */
export async function exportAssignments(deps: AssignmentsDeps, ctx: AuthedContext, query: ExportQuery) {
  const now = iso(ctx.now());
  const criteria = await assignmentCriteria(deps, ctx, query, now);
  const filter = Object.fromEntries(Object.entries(query).filter(([key]) => !NOT_FILTERS.has(key)));
  return {
    filename: `assignments-${now.slice(0, 10)}`,
    sheetName: 'Assignments',
    header: COLUMNS,
    format: query.format,
    rows: exportRows(deps, criteria, now),
    onEnd: ({ rows, completed }: { rows: number; completed: boolean }) =>
      audit(deps.db, ctx, {
        action: 'assignments.export',
        entityType: 'assignment',
        after: { format: query.format, filter, rows, completed },
      }),
  } satisfies SpreadsheetDownload;
}
