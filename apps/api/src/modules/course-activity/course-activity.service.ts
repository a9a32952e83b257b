import {
  COURSE_ACTIVITY_EVENTS,
  COURSE_ACTIVITY_EVENT_LABELS,
  type CourseActivityEvent,
  type exportCourseActivityQuery,
  type listCourseActivityQuery,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import type { Cell, SpreadsheetDownload } from '../../platform/files/spreadsheet.ts';
import {
  DATE_RANGE_HINT,
  type FilterSpec,
  among,
  checkText,
  dateRange,
  idCursor,
  ids,
  readFilters,
  readIdCursor,
} from '../audit-logs/index.ts';
import { type CourseActivityCriteria, listCourseActivityRows } from './course-activity.repository.ts';
import { toCourseActivityEntry } from './course-activity.mapper.ts';

export interface CourseActivityDeps {
  db: Kysely<Database>;
}

type ListQuery = z.output<typeof listCourseActivityQuery>;
type ExportQuery = z.output<typeof exportCourseActivityQuery>;

const FILTERS: FilterSpec<keyof CourseActivityCriteria> = {
  user_id: ['userIds', ids, 'Use user ids.'],
  course_id: ['courseIds', ids, 'Use course ids.'],
  event: ['events', among(COURSE_ACTIVITY_EVENTS), `Use ${COURSE_ACTIVITY_EVENTS.join(', ')}.`],
  created_at: ['created', dateRange, DATE_RANGE_HINT],
};

/** The company the request acts on (the header's company selector for site admins), and the filters. */
function criteriaOf(ctx: AuthedContext, query: ListQuery): CourseActivityCriteria {
  const filters = readFilters(query, FILTERS) as Partial<CourseActivityCriteria>;
  const text = checkText(query.text);
  return { companyId: ctx.companyId, ...filters, ...(text ? { text } : {}) };
}

/** GET /course-activity: by master_id ascending (spec §9) unless order=desc, keyset-paged. */
export async function listCourseActivity(deps: CourseActivityDeps, ctx: AuthedContext, query: ListQuery) {
  const criteria = criteriaOf(ctx, query);
  const rows = await listCourseActivityRows(
    deps.db,
    criteria,
    query.order,
    readIdCursor(query.cursor),
    query.per_page + 1,
  );
  const page = rows.slice(0, query.per_page);
  const last = page.at(-1);
  return {
    data: page.map(toCourseActivityEntry),
    meta: {
      per_page: query.per_page,
      next_cursor: rows.length > query.per_page && last ? idCursor(Number(last.master_id)) : null,
    },
  };
}

const EXPORT_BATCH = 2000;
const COLUMNS = ['Master ID', 'Time (UTC)', 'Learner', 'Username', 'Course', 'Topic', 'Event', 'Details'];
const eventLabel = (event: string) => COURSE_ACTIVITY_EVENT_LABELS[event as CourseActivityEvent] ?? event;

async function* exportRows(
  db: Kysely<Database>,
  criteria: CourseActivityCriteria,
  order: 'asc' | 'desc',
): AsyncGenerator<Cell[][]> {
  let after: number | undefined;
  for (;;) {
    const rows = await listCourseActivityRows(db, criteria, order, after, EXPORT_BATCH);
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.master_id);
    yield rows.map((row) => {
      const e = toCourseActivityEntry(row);
      return [
        e.master_id,
        e.created_at.slice(0, 19).replace('T', ' '),
        e.learner.name,
        e.learner.username,
        e.course.name,
        e.topic?.name ?? null,
        eventLabel(e.event),
        e.details,
      ];
    });
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** GET /course-activity/export: the list's filter and order, streamed; audited when it ends. */
export function exportCourseActivity(
  deps: CourseActivityDeps,
  ctx: AuthedContext,
  query: ExportQuery,
): SpreadsheetDownload {
  const criteria = criteriaOf(ctx, query);
  const now = iso(ctx.now());
  return {
    filename: `course-activity-${now.slice(0, 10)}`,
    sheetName: 'Course activity',
    header: COLUMNS,
    format: query.format,
    rows: exportRows(deps.db, criteria, query.order),
    onEnd: ({ rows, completed }) =>
      audit(deps.db, ctx, {
        action: 'course_activity.export',
        entityType: 'course_activity',
        after: { format: query.format, rows, completed },
      }),
  };
}
