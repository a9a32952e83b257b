import {
  type AssignmentRule,
  type DryRunResponse,
  RULE_MESSAGES,
  type RuleMatch,
  type assignmentRuleBody,
  type dryRunBody,
  type existingPreviewBody,
  type listAssignmentRulesQuery,
  type updateAssignmentRuleBody,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { findCoursesFor } from '../assignments/index.ts';
import { pageMeta } from '../users/index.ts';
import { type StoredCondition, compileConditions } from './assignment-rules.conditions.ts';
import { parseJson, ruleCourseIds, toExistingRow, toLearnerRow, toRule } from './assignment-rules.mapper.ts';
import * as rules from './assignment-rules.repository.ts';
import * as pairs from './rule-pairs.repository.ts';
import { ensureNightlyRun } from './rules-schedule.ts';

export interface RulesDeps {
  db: Kysely<Database>;
  dialect: Dialect;
}

type RuleBody = z.output<typeof assignmentRuleBody>;
type UpdateBody = z.output<typeof updateAssignmentRuleBody>;

const DAY_MS = 86_400_000;

/** The end of the day `days` after `from` (UTC), as New assignment's "N days after assignment". */
export function dueAtAfter(from: Date | string, days: number | null): string | null {
  if (days === null) return null;
  const start = typeof from === 'string' ? new Date(`${from.slice(0, 10)}T00:00:00.000Z`) : from;
  return `${new Date(start.getTime() + days * DAY_MS).toISOString().slice(0, 10)}T23:59:59.000Z`;
}

async function withCourses(db: Kysely<Database>, rows: rules.RuleListRow[]): Promise<AssignmentRule[]> {
  const ids = [...new Set(rows.flatMap((row) => ruleCourseIds(row)))];
  const names = new Map((await rules.findCourseNames(db, ids)).map((c) => [c.id, c.name]));
  return rows.map((row) => toRule(row, names));
}

/** The rule of the caller's company; another company's (or a missing) id is a 404. */
export async function loadRule(db: Kysely<Database>, ctx: AuthedContext, id: number) {
  const row = await rules.findRule(db, ctx.companyId, id);
  if (!row) throw notFound('Assignment rule not found.');
  return row;
}

export async function listRules(deps: RulesDeps, ctx: AuthedContext, query: z.output<typeof listAssignmentRulesQuery>) {
  const { rows, total } = await rules.listRules(deps.db, ctx.companyId, {
    text: query.text,
    sort: query.sort,
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: await withCourses(deps.db, rows), meta: pageMeta(query.page, query.per_page, total) };
}

export async function getRule(deps: RulesDeps, ctx: AuthedContext, id: number) {
  const [rule] = await withCourses(deps.db, [await loadRule(deps.db, ctx, id)]);
  return rule!;
}

/** The courses must exist and be available to the company now. */
async function usableCourseIds(db: Kysely<Database>, companyId: number, ids: number[]) {
  const courses = await findCoursesFor(db, companyId, [...new Set(ids)]);
  return courses.filter((course) => course.usable).map((course) => course.id);
}

async function checkDefinition(deps: RulesDeps, ctx: AuthedContext, body: RuleBody, exceptId: number | null) {
  const courseIds = [...new Set(body.course_ids)];
  if ((await usableCourseIds(deps.db, ctx.companyId, courseIds)).length < courseIds.length)
    throw invalidField('course_ids', RULE_MESSAGES.courseMissing);
  await compileConditions(deps.db, ctx.companyId, body.match, body.conditions, ctx.now(), true);
  if (await rules.isNameTaken(deps.db, ctx.companyId, body.name, exceptId))
    throw invalidField('name', RULE_MESSAGES.nameTaken);
  return {
    name: body.name,
    match: body.match,
    conditions: JSON.stringify(body.conditions),
    course_ids: JSON.stringify(courseIds),
    due_days: body.due_days,
    recertify_months: body.recertify_months,
    active: body.active ? 1 : 0,
  } satisfies rules.RuleValues;
}

/** POST /assignment-rules. */
export async function createRule(deps: RulesDeps, ctx: AuthedContext, body: RuleBody) {
  const values = await checkDefinition(deps, ctx, body, null);
  const now = ctx.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const ruleId = await rules.insertRule(trx, ctx.companyId, values, iso(now));
    await audit(trx, ctx, {
      action: 'assignment_rules.create',
      entityType: 'assignment_rule',
      entityId: ruleId,
      after: body,
    });
    if (body.active) await ensureNightlyRun(trx, ctx.companyId, now);
    return ruleId;
  });
  return getRule(deps, ctx, id);
}

/**
 * PUT /assignment-rules/{id}. With `apply_due_to_existing` and a changed due_days, the rule's open
 * assignments get the due date the new days give from the day each was assigned (the preview,
 * POST …/existing, showed who), in the same transaction and audit entry.
 */
export async function updateRule(deps: RulesDeps, ctx: AuthedContext, id: number, body: UpdateBody) {
  const before = await loadRule(deps.db, ctx, id);
  const values = await checkDefinition(deps, ctx, body, id);
  const now = ctx.now();
  await deps.db.transaction().execute(async (trx) => {
    await rules.updateRule(trx, id, values, iso(now));
    let applied = 0;
    if (body.apply_due_to_existing && body.due_days !== before.due_days) {
      for (const day of await pairs.findRuleOpenAssignedDays(trx, ctx.companyId, id))
        applied += await pairs.setRuleOpenDueAt(trx, ctx.companyId, id, day, dueAtAfter(day, body.due_days), iso(now));
    }
    await audit(trx, ctx, {
      action: 'assignment_rules.update',
      entityType: 'assignment_rule',
      entityId: id,
      before: { ...before, conditions: parseJson(before.conditions, []), course_ids: ruleCourseIds(before) },
      after: { ...body, applied_to_existing: applied },
    });
    if (body.active) await ensureNightlyRun(trx, ctx.companyId, now);
  });
  return getRule(deps, ctx, id);
}

/** DELETE /assignment-rules/{id}: its runs and exclusions go; its assignments stay, source "rule". */
export async function deleteRule(deps: RulesDeps, ctx: AuthedContext, id: number) {
  const before = await loadRule(deps.db, ctx, id);
  await deps.db.transaction().execute(async (trx) => {
    await rules.deleteRule(trx, id);
    await audit(trx, ctx, {
      action: 'assignment_rules.delete',
      entityType: 'assignment_rule',
      entityId: id,
      before: { name: before.name, conditions: parseJson(before.conditions, []), course_ids: ruleCourseIds(before) },
    });
  });
  return { message: 'The rule was deleted.' };
}

/** The pick and usable courses of a definition (a draft or a stored rule) at `now`. */
export async function planOf(
  db: Kysely<Database>,
  companyId: number,
  definition: { match: RuleMatch; conditions: StoredCondition[]; course_ids: number[] },
  now: Date,
  strict: boolean,
) {
  const rule = await compileConditions(db, companyId, definition.match, definition.conditions, now, strict);
  const courseIds = await usableCourseIds(db, companyId, definition.course_ids);
  return { pick: { companyId, members: [], rule }, courseIds };
}

/**
 * POST /assignment-rules/dry-run: what the rule would do now, nothing written. Counts of pairs to
 * assign, already assigned and protected (the saved rule's exclusions), and a page of one outcome.
 */
export async function dryRun(
  deps: RulesDeps,
  ctx: AuthedContext,
  body: z.output<typeof dryRunBody>,
): Promise<DryRunResponse> {
  if (body.rule_id !== null) await loadRule(deps.db, ctx, body.rule_id);
  const courseIds = [...new Set(body.course_ids)];
  const now = ctx.now();
  const { pick, courseIds: usable } = await planOf(
    deps.db,
    ctx.companyId,
    { ...body, course_ids: courseIds },
    now,
    true,
  );
  if (usable.length < courseIds.length) throw invalidField('course_ids', RULE_MESSAGES.courseMissing);
  const query = { pick, courseIds: usable, ruleId: body.rule_id, now: iso(now) };
  const learners = await pairs.countPickedLearners(deps.db, deps.dialect, pick);
  const counts = await pairs.countOutcomes(deps.db, deps.dialect, query, learners);
  const offset = (body.page - 1) * body.per_page;
  // A page past the outcome's count is empty: not looked for (a walk of every picked learner).
  const rows =
    offset >= counts[body.outcome]
      ? []
      : await pairs.listOutcomePairs(deps.db, deps.dialect, query, body.outcome, { limit: body.per_page, offset });
  return {
    data: rows.map((row) => toLearnerRow(row, body.outcome)),
    meta: pageMeta(body.page, body.per_page, counts[body.outcome]),
    counts: { learners, ...counts },
  };
}

/** POST /assignment-rules/{id}/existing: the rule's open assignments and the due date new days would give. */
export async function previewExisting(
  deps: RulesDeps,
  ctx: AuthedContext,
  id: number,
  body: z.output<typeof existingPreviewBody>,
) {
  await loadRule(deps.db, ctx, id);
  const total = await pairs.countRuleOpenAssignments(deps.db, ctx.companyId, id);
  const rows = await pairs.listRuleOpenAssignments(deps.db, ctx.companyId, id, {
    limit: body.per_page,
    offset: (body.page - 1) * body.per_page,
  });
  return {
    data: rows.map((row) => toExistingRow(row, dueAtAfter(row.assigned_at, body.due_days))),
    meta: pageMeta(body.page, body.per_page, total),
  };
}
