import {
  ASSIGNMENT_INLINE_LEARNERS,
  ASSIGNMENT_MESSAGES,
  CUSTOM_FIELD_FILTER_PREFIX,
  type CreateAssignmentsQueued,
  type CreateAssignmentsResult,
  type LearnerCount,
  type LearnerSelection,
  type createAssignmentsBody,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalid, invalidField } from '../../platform/errors.ts';
import { departmentScope } from '../../platform/scope.ts';
import { type UserCriteria, assertDepartmentInScope, listCriteria } from '../users/index.ts';
import { type LearnerPick, countNamedInScope, countPicked, findCoursesFor } from './assignments-create.repository.ts';
import { type CreatePlan, emptyProgress, runCreate } from './assignments-create.runner.ts';
import { ASSIGNMENTS_CREATE_JOB } from './assignments-create.job.ts';

export interface CreateDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  publicUrl: string;
}

type CreateBody = z.output<typeof createAssignmentsBody>;

export type CreateOutcome =
  | { kind: 'done'; result: CreateAssignmentsResult }
  | { kind: 'queued'; queued: CreateAssignmentsQueued };

/** What the job needs to finish the summary and its audit entry. */
export interface CreateSummaryBase {
  courses: number;
  usableCourses: number;
  outOfScope: number;
  unavailable: number;
}

/**
 * The selection as the users list's own criteria, one per way of picking (people, department
 * subtrees, custom field filter), each inside the company and the caller's scope. A department
 * outside a Department Manager's reach is a 403, as on the users list.
 */
async function pickOf(deps: CreateDeps, ctx: AuthedContext, selection: LearnerSelection): Promise<LearnerPick> {
  const scope = await departmentScope(deps.db, ctx);
  const base = { companyId: ctx.companyId, scope };
  const members: UserCriteria[] = [];
  if (selection.user_ids.length > 0) members.push({ ...base, userIds: [...new Set(selection.user_ids)] });
  if (selection.department_ids.length > 0) {
    for (const id of selection.department_ids) assertDepartmentInScope(scope, id);
    members.push({ ...base, departmentIds: [...new Set(selection.department_ids)] });
  }
  const fields = Object.entries(selection.custom_fields);
  if (fields.length > 0) {
    const query = Object.fromEntries(
      fields.map(([key, values]) => [`field[${CUSTOM_FIELD_FILTER_PREFIX}${key}]`, values]),
    );
    try {
      members.push(await listCriteria(deps, ctx, query as never));
    } catch (error) {
      // The users list names `field[cf.<key>]`; here the field is `learners.custom_fields.<key>`.
      const details = (error as { details?: Record<string, string[]> }).details;
      if (!details) throw error;
      throw invalid(
        Object.fromEntries(
          Object.entries(details).map(([key, messages]) => [
            `learners.custom_fields.${key.replace(/^field\[cf\.|\]$/g, '')}`,
            messages,
          ]),
        ),
      );
    }
  }
  return { companyId: ctx.companyId, members };
}

async function countSelection(deps: CreateDeps, ctx: AuthedContext, selection: LearnerSelection) {
  const pick = await pickOf(deps, ctx, selection);
  const learners = await countPicked(deps.db, deps.dialect, pick);
  const named = [...new Set(selection.user_ids)];
  const outOfScope = named.length - (await countNamedInScope(deps.db, deps.dialect, pick, named));
  return { pick, learners, outOfScope };
}

/** POST /assignments/learners/count: the live count of the New assignment page. */
export async function countLearners(
  deps: CreateDeps,
  ctx: AuthedContext,
  selection: LearnerSelection,
): Promise<LearnerCount> {
  const { learners, outOfScope } = await countSelection(deps, ctx, selection);
  return { learners, out_of_scope: outOfScope };
}

const DAY_MS = 86_400_000;

/** The due date: the end of the chosen day, or of the day N days after today (UTC); null for none. */
function dueAtOf(body: CreateBody, now: Date): string | null {
  if (body.due_days)
    return `${new Date(now.getTime() + body.due_days * DAY_MS).toISOString().slice(0, 10)}T23:59:59.000Z`;
  if (!body.due_date) return null;
  if (body.due_date < iso(now).slice(0, 10)) throw invalidField('due_date', ASSIGNMENT_MESSAGES.dueInPast);
  return `${body.due_date}T23:59:59.000Z`;
}

export function toResult(base: CreateSummaryBase, learners: number, created: number, notified: number) {
  return {
    learners,
    courses: base.courses,
    created,
    skipped: {
      already_assigned: Math.max(0, learners * base.usableCourses - created),
      out_of_scope: base.outOfScope * base.courses,
      course_unavailable: learners * base.unavailable,
    },
    notified,
  } satisfies CreateAssignmentsResult;
}

/**
 * POST /assignments: each usable course to each picked learner, set-based, never duplicating an open
 * assignment. Up to ASSIGNMENT_INLINE_LEARNERS learners in the request (one transaction with its
 * audit entry); above, a heavy-lane job (queued with its audit entry) writes them chunk by chunk.
 */
export async function createAssignments(
  deps: CreateDeps,
  ctx: AuthedContext,
  body: CreateBody,
): Promise<CreateOutcome> {
  const selection = body.learners;
  const picked =
    selection.user_ids.length + selection.department_ids.length + Object.keys(selection.custom_fields).length;
  if (picked === 0) throw invalidField('learners', ASSIGNMENT_MESSAGES.learnersRequired);
  const courseIds = [...new Set(body.course_ids)];
  const courses = await findCoursesFor(deps.db, ctx.companyId, courseIds);
  if (courses.length < courseIds.length) throw invalidField('course_ids', ASSIGNMENT_MESSAGES.courseMissing);
  const now = ctx.now();
  const dueAt = dueAtOf(body, now);
  const { pick, learners, outOfScope } = await countSelection(deps, ctx, selection);
  const usable = courses.filter((course) => course.usable);
  const base: CreateSummaryBase = {
    courses: courses.length,
    usableCourses: usable.length,
    outOfScope,
    unavailable: courses.length - usable.length,
  };
  const plan: CreatePlan = {
    pick,
    actorId: ctx.actorId ?? ctx.user.id,
    now: iso(now),
    dueAt,
    recertifyMonths: body.recertify_months ?? null,
    courseIds: usable.map((course) => course.id),
    notify: body.notify,
  };
  const request = {
    course_ids: courseIds,
    learners: selection,
    due_at: dueAt,
    recertify_months: plan.recertifyMonths,
    notify: body.notify,
  };
  if (learners > ASSIGNMENT_INLINE_LEARNERS) {
    const job = await deps.db.transaction().execute(async (trx) => {
      const queued = await enqueue(trx, {
        type: ASSIGNMENTS_CREATE_JOB,
        payload: {
          plan,
          base,
          learners,
          audit: { actorId: ctx.actorId, impersonatorId: ctx.impersonatorId, ip: ctx.ip },
        },
        companyId: ctx.companyId,
        createdBy: ctx.actorId,
        now,
      });
      await audit(trx, ctx, {
        action: 'assignments.create_queued',
        entityType: 'job',
        entityId: queued.id,
        after: { ...request, learners_count: learners },
      });
      return queued;
    });
    return { kind: 'queued', queued: { job_id: job.id, learners } };
  }
  const done = await runCreate(deps, plan, emptyProgress(), async (trx, progress, last) => {
    if (!last) return;
    await audit(trx, ctx, {
      action: 'assignments.create',
      entityType: 'assignment',
      after: { ...request, result: toResult(base, progress.learners, progress.created, progress.notified) },
    });
  });
  return { kind: 'done', result: toResult(base, done.learners, done.created, done.notified) };
}
