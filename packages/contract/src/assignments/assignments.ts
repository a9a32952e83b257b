import { z } from 'zod';
import { listQuery, timestamp } from '../common.ts';
import { MY_ASSIGNMENT_STATUSES, MY_ASSIGNMENT_STATUS_LABELS } from '../learning/my-statuses.ts';

/**
 * An assignment's status in the console, derived when the request is answered (never a stored flag):
 * the same five as the learner sees (overdue = not completed and the due date passed; expired = a
 * completion whose expiry passed).
 */
export const ASSIGNMENT_STATUSES = MY_ASSIGNMENT_STATUSES;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS = MY_ASSIGNMENT_STATUS_LABELS;

/** Where an assignment comes from: a person (assigned_by), a rule, or an import. */
export const ASSIGNMENT_SOURCES = ['manual', 'rule', 'import'] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];

export const ASSIGNMENT_SOURCE_LABELS: Record<AssignmentSource, string> = {
  manual: 'Manual',
  rule: 'Rule',
  import: 'Import',
};

/**
 * The learner's account status, the assignments list's `field[learner_status]`: the Home dashboard
 * counts active learners unless "Include deactivated users" is ticked, and its drill-down links say so.
 */
export const ASSIGNMENT_LEARNER_STATUSES = ['active', 'deactivated'] as const;
export type AssignmentLearnerStatus = (typeof ASSIGNMENT_LEARNER_STATUSES)[number];

export const ASSIGNMENT_LEARNER_STATUS_LABELS: Record<AssignmentLearnerStatus, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
};

/** Sorts of GET /assignments (each ends in id). */
export const ASSIGNMENT_SORTS = [
  'assigned_at',
  'id',
  'learner',
  'course',
  'department',
  'due_at',
  'status',
  'completed_at',
  'score',
  'expires_at',
  'source',
] as const;
export type AssignmentSort = (typeof ASSIGNMENT_SORTS)[number];

/**
 * `field[name]=a,b` filters of GET /assignments. Dates filter as `from..to` (either end may be left
 * out, `YYYY-MM-DD`, inclusive); `score` as `min..max`; `department_id` takes the whole subtree;
 * `learner_status` is `active` and/or `deactivated` (no filter: both).
 */
export const ASSIGNMENT_FILTER_FIELDS = [
  'id',
  'user_id',
  'course_id',
  'department_id',
  'status',
  'source',
  'assigned_at',
  'due_at',
  'completed_at',
  'expires_at',
  'score',
  'learner_status',
] as const;

export const listAssignmentsQuery = listQuery(ASSIGNMENT_SORTS).extend({
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const exportAssignmentsQuery = listAssignmentsQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx'),
});

const ref = z.object({ id: z.number().int(), name: z.string() });

export const assignmentListItem = z.object({
  id: z.number().int(),
  learner: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  course: ref,
  department: ref.nullable(),
  status: z.enum(ASSIGNMENT_STATUSES),
  assigned_at: timestamp,
  due_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
  score: z.number().int().nullable(),
  expires_at: timestamp.nullable(),
  source: z.object({
    kind: z.enum(ASSIGNMENT_SOURCES),
    /** Manual: who assigned it (null when that account is gone). */
    assigned_by: ref.nullable(),
    /** Rule: the rule that made it (null when the rule is gone). */
    rule: ref.nullable(),
    /** Rule: the run that made it and when it ran (left out for other sources and rule assignments without a recorded run). */
    run: z.object({ id: z.number().int(), at: timestamp }).nullable().optional(),
  }),
});
export type AssignmentListItem = z.infer<typeof assignmentListItem>;

/** Most learners one request may name by id, and most courses it may assign. */
export const ASSIGNMENT_MAX_USER_IDS = 10_000;
export const ASSIGNMENT_MAX_COURSES = 100;
/** Up to this many learners an assignment is written in the request; above it, as a background job. */
export const ASSIGNMENT_INLINE_LEARNERS = 1000;

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);

export const ASSIGNMENT_MESSAGES = {
  learnersRequired: 'Choose the learners: people, departments or a custom field filter.',
  coursesRequired: 'Choose at least one course.',
  courseMissing: 'Choose existing courses.',
  dueBoth: 'Give a due date or a number of days, not both.',
  dueInPast: 'Choose a due date from today on.',
  unknownField: 'Unknown custom field.',
} as const;

/**
 * Who is picked: people by id (the users modal), whole department subtrees, and/or everyone matching
 * a custom field filter (`{key: values}`, the values as the users list's `field[cf.<key>]` takes them).
 * The learners are the union of the three, inside the caller's scope, active accounts only.
 */
export const learnerSelection = z.object({
  user_ids: z.array(id).max(ASSIGNMENT_MAX_USER_IDS).default([]),
  department_ids: z.array(id).max(500).default([]),
  custom_fields: z.record(z.string().min(1).max(64), z.array(z.string().max(200)).min(1).max(100)).default({}),
});
export type LearnerSelection = z.infer<typeof learnerSelection>;

export const countLearnersBody = z.object({ learners: learnerSelection });
export const learnerCount = z.object({
  /** Active learners in the caller's scope the selection picks. */
  learners: z.number().int(),
  /** Ids named that are outside the caller's scope, deactivated or unknown. */
  out_of_scope: z.number().int(),
});
export type LearnerCount = z.infer<typeof learnerCount>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

/** POST /assignments: assign each course to each learner, never duplicating an open assignment. */
export const createAssignmentsBody = z
  .object({
    learners: learnerSelection,
    course_ids: z.array(id).min(1, ASSIGNMENT_MESSAGES.coursesRequired).max(ASSIGNMENT_MAX_COURSES),
    due_date: isoDate.nullable().optional().describe('due at the end of this day (UTC)'),
    due_days: z.number().int().min(1).max(3650).nullable().optional().describe('due N days after assignment'),
    recertify_months: z.number().int().min(1).max(120).nullable().optional(),
    notify: z.boolean().default(false).describe('e-mail each learner now'),
  })
  .superRefine((body, ctx) => {
    if (body.due_date && body.due_days)
      ctx.addIssue({ code: 'custom', path: ['due_days'], message: ASSIGNMENT_MESSAGES.dueBoth });
  });
export type CreateAssignmentsBody = z.input<typeof createAssignmentsBody>;

/** Why a (learner, course) pair was not assigned. */
export const ASSIGNMENT_SKIP_REASONS = {
  already_assigned: 'Already assigned: an open or still valid assignment exists.',
  out_of_scope: 'Outside your reach, deactivated or unknown.',
  course_unavailable: 'The course is not available to the company.',
} as const;

export const createAssignmentsResult = z.object({
  learners: z.number().int(),
  courses: z.number().int(),
  created: z.number().int(),
  skipped: z.object({
    already_assigned: z.number().int(),
    out_of_scope: z.number().int(),
    course_unavailable: z.number().int(),
  }),
  notified: z.number().int(),
});
export type CreateAssignmentsResult = z.infer<typeof createAssignmentsResult>;

/** 202: over ASSIGNMENT_INLINE_LEARNERS learners the writes run as a job (GET /jobs/{id} follows it). */
export const createAssignmentsQueued = z.object({ job_id: z.number().int(), learners: z.number().int() });
export type CreateAssignmentsQueued = z.infer<typeof createAssignmentsQueued>;

export const createAssignmentsResponse = z.object({
  data: z.union([createAssignmentsResult, createAssignmentsQueued]),
});

export const isAssignmentsQueued = (
  data: CreateAssignmentsResult | CreateAssignmentsQueued,
): data is CreateAssignmentsQueued => 'job_id' in data;
