import { z } from 'zod';
import { pageMeta, queryFlag, timestamp } from '../common.ts';
import { ASSIGNMENT_MESSAGES, ASSIGNMENT_STATUSES, listAssignmentsQuery } from './assignments.ts';

/** Bulk actions on assignments (PUT /assignments?{query}, PRODUCT.md "Assignments"). */
export const ASSIGNMENT_BULK_ACTIONS = ['change_due_date', 'send_reminder', 'reset', 'remove'] as const;
export type AssignmentBulkAction = (typeof ASSIGNMENT_BULK_ACTIONS)[number];

/** Up to this many matching assignments a bulk action runs in the request (one transaction); above it, a job. */
export const ASSIGNMENT_BULK_INLINE_LIMIT = 1000;
/** Most rows a selection of "all matching" may leave out (unticked rows), sent as `excluded_ids`. */
export const ASSIGNMENT_BULK_MAX_EXCLUDED = 1000;

export const ASSIGNMENT_BULK_MESSAGES = {
  needsFilter: 'Choose the assignments to change: select rows, filter the list, or confirm all assignments with all=1.',
  dueDateRequired: 'Choose the new due date, or null for no due date.',
  notForAction: 'Leave this out for this action.',
  dueInPast: ASSIGNMENT_MESSAGES.dueInPast,
} as const;

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

/**
 * The query of PUT /assignments and of its preview: the list's filters (`text`, `field[name]=a,b`;
 * selected rows as `field[id]=1,2,3`); sort is ignored, paging only pages the preview's rows. An
 * empty filter never means everything by accident: acting on every assignment in reach needs `all=1`.
 */
export const bulkAssignmentsQuery = listAssignmentsQuery.extend({
  all: queryFlag.optional().describe('1 acts on every assignment in reach when no filter is given'),
});

export const bulkAssignmentsBody = z
  .object({
    action: z.enum(ASSIGNMENT_BULK_ACTIONS),
    due_date: isoDate.nullable().optional().describe('change_due_date: due at the end of this day (UTC); null: none'),
    excluded_ids: z
      .array(id)
      .max(ASSIGNMENT_BULK_MAX_EXCLUDED)
      .optional()
      .describe('assignments matching the filter to leave alone (rows unticked after "select all matching")'),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.action === 'change_due_date' && body.due_date === undefined)
      issue('due_date', ASSIGNMENT_BULK_MESSAGES.dueDateRequired);
    if (body.action !== 'change_due_date' && body.due_date !== undefined)
      issue('due_date', ASSIGNMENT_BULK_MESSAGES.notForAction);
  });
export type BulkAssignmentsBody = z.infer<typeof bulkAssignmentsBody>;

/** Why a matching assignment was left alone (or failed). */
export const ASSIGNMENT_BULK_REASONS = {
  completed: 'Completed: nothing is due any more.',
  unchanged: 'Already due then.',
  notStarted: 'Not started yet: nothing to reset.',
  hasCompletion: 'Completed: the completion stays on record (reset it to have the course taken again).',
  deactivated: 'The learner is deactivated.',
  noEmail: 'The learner has no e-mail address.',
  gone: 'Removed or moved out of your reach meanwhile.',
  failed: 'Could not be changed; nothing was written for it. Try again.',
} as const;
export type AssignmentBulkReason = keyof typeof ASSIGNMENT_BULK_REASONS;

export const bulkAssignmentsProblem = z.object({
  reason: z.enum(Object.keys(ASSIGNMENT_BULK_REASONS) as [AssignmentBulkReason, ...AssignmentBulkReason[]]),
  message: z.string(),
  count: z.number().int(),
  /** Up to 100 of the assignments concerned. */
  assignment_ids: z.array(z.number().int()),
});
export type BulkAssignmentsProblem = z.infer<typeof bulkAssignmentsProblem>;

/** matched = changed + skipped + failed. */
export const bulkAssignmentsSummary = z.object({
  action: z.enum(ASSIGNMENT_BULK_ACTIONS),
  matched: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  errors: z.array(bulkAssignmentsProblem).optional(),
});
export type BulkAssignmentsSummary = z.infer<typeof bulkAssignmentsSummary>;

/** 202: over ASSIGNMENT_BULK_INLINE_LIMIT assignments the action runs as a job (GET /jobs/{id} follows it). */
export const bulkAssignmentsQueued = z.object({ job_id: z.number().int(), matched: z.number().int() });
export type BulkAssignmentsQueued = z.infer<typeof bulkAssignmentsQueued>;

export const bulkAssignmentsResponse = z.object({ data: z.union([bulkAssignmentsSummary, bulkAssignmentsQueued]) });
export type BulkAssignmentsResponse = z.infer<typeof bulkAssignmentsResponse>;

export const isBulkAssignmentsQueued = (
  data: BulkAssignmentsSummary | BulkAssignmentsQueued,
): data is BulkAssignmentsQueued => 'job_id' in data;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** One assignment the action would change, as the preview lists it. */
export const bulkPreviewRow = z.object({
  id: z.number().int(),
  learner: ref,
  course: ref,
  status: z.enum(ASSIGNMENT_STATUSES),
  due_at: timestamp.nullable(),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRow>;

/**
 * POST /assignments/bulk-preview?{query}: what PUT /assignments would do now, writing nothing: how
 * many match, how many would change and why the others would not, and who would change (paged by
 * the query's page and per_page, in id order).
 */
export const bulkAssignmentsPreview = z.object({
  action: z.enum(ASSIGNMENT_BULK_ACTIONS),
  matched: z.number().int(),
  changes: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(bulkAssignmentsProblem.omit({ assignment_ids: true })),
  /** change_due_date: the new due date (end of the day, UTC), null for none. */
  due_at: timestamp.nullable().optional(),
});
export type BulkAssignmentsPreview = z.infer<typeof bulkAssignmentsPreview>;

export const bulkAssignmentsPreviewResponse = z.object({
  data: bulkAssignmentsPreview,
  rows: z.array(bulkPreviewRow),
  meta: pageMeta,
});
export type BulkAssignmentsPreviewResponse = z.infer<typeof bulkAssignmentsPreviewResponse>;
