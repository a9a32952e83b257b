import { z } from 'zod';
import { queryFlag } from '../common.ts';
import { roleField, listUsersQuery } from './users.ts';

/** Bulk actions on users (PUT /users?{query}, spec §7). */
export const USER_BULK_ACTIONS = [
  'deactivate',
  'reactivate',
  'change_department',
  'change_role',
  'send_password_reset',
  'delete',
] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];

/** Up to this many matching users a bulk action runs in the request; above it, as a background job. */
export const USER_BULK_INLINE_LIMIT = 1000;
/** Most rows a selection of "all matching" may leave out (unticked rows), sent as `excluded_ids`. */
export const USER_BULK_MAX_EXCLUDED = 1000;

export const USER_BULK_MESSAGES = {
  needsFilter: 'Choose the users to change: select rows, filter the list, or confirm all users with all=1.',
  departmentRequired: 'Choose a department.',
  roleRequired: 'Choose a role.',
  notForAction: 'Leave this out for this action.',
  departmentMissing: 'Choose an existing department.',
} as const;

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);

/**
 * The query of PUT /users: the users list's filters (`text`, `field[name]=a,b`; selected rows as
 * `field[user_id]=1,2,3`); paging and sort are ignored. An empty filter never means everyone by
 * accident: acting on every user in scope needs `all=1`.
 */
export const bulkUsersQuery = listUsersQuery.extend({
  all: queryFlag.optional().describe('1 acts on every user in scope when no filter is given'),
});

/** What is done to every matching user; `department_id` and `role` belong to their actions only. */
export const bulkUsersBody = z
  .object({
    action: z.enum(USER_BULK_ACTIONS),
    department_id: id.nullable().optional().describe('change_department: the new department (null: none)'),
    role: roleField.optional().describe('change_role: the new role id'),
    excluded_ids: z
      .array(id)
      .max(USER_BULK_MAX_EXCLUDED)
      .optional()
      .describe('users matching the filter to leave alone (rows unticked after "select all matching")'),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.action === 'change_department' && body.department_id === undefined)
      issue('department_id', USER_BULK_MESSAGES.departmentRequired);
    if (body.action !== 'change_department' && body.department_id !== undefined)
      issue('department_id', USER_BULK_MESSAGES.notForAction);
    if (body.action === 'change_role' && body.role === undefined) issue('role', USER_BULK_MESSAGES.roleRequired);
    if (body.action !== 'change_role' && body.role !== undefined) issue('role', USER_BULK_MESSAGES.notForAction);
  });
export type BulkUsersBody = z.infer<typeof bulkUsersBody>;

/** Why a matching user was left unchanged (or could not be changed). */
export const USER_BULK_REASONS = {
  self: 'You cannot do this to your own account.',
  rank: 'Their role is not below yours.',
  siteAdmin: 'Only site administrators can change a site administrator.',
  unchanged: 'Nothing to change.',
  noEmail: 'They have no e-mail address.',
  deactivated: 'They are deactivated.',
  hasRecords: 'They have training records; deactivate them instead.',
  gone: 'They no longer match the filter.',
  failed: 'The change could not be saved.',
} as const;
export type UserBulkReason = keyof typeof USER_BULK_REASONS;

export const bulkUsersProblem = z.object({
  reason: z.enum(Object.keys(USER_BULK_REASONS) as [UserBulkReason, ...UserBulkReason[]]),
  message: z.string(),
  count: z.number().int(),
  /** Some of the users concerned (at most 100). */
  user_ids: z.array(z.number().int()),
});
export type BulkUsersProblem = z.infer<typeof bulkUsersProblem>;

/** The outcome: matched = changed + skipped + failed; `errors` says why users were skipped or failed. */
export const bulkUsersSummary = z.object({
  action: z.enum(USER_BULK_ACTIONS),
  matched: z.number().int(),
  changed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  errors: z.array(bulkUsersProblem).optional(),
});
export type BulkUsersSummary = z.infer<typeof bulkUsersSummary>;

/** 202: the action runs as a background job (GET /jobs/{id} follows it). */
export const bulkUsersQueued = z.object({ job_id: z.number().int(), matched: z.number().int() });
export type BulkUsersQueued = z.infer<typeof bulkUsersQueued>;

/** 200 with the summary (run in the request), or 202 with the job (over USER_BULK_INLINE_LIMIT users). */
export const bulkUsersResponse = z.object({ data: z.union([bulkUsersSummary, bulkUsersQueued]) });
export type BulkUsersResponse = z.infer<typeof bulkUsersResponse>;

export const isBulkUsersQueued = (data: BulkUsersSummary | BulkUsersQueued): data is BulkUsersQueued =>
  'job_id' in data;
