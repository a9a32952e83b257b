import { ASSIGNMENT_INLINE_LEARNERS, RULE_MESSAGES, type RuleRun, type RuleRunTrigger } from '@heed/contract';
import type { Kysely } from 'kysely';
import { transactionLock } from '../../db/dialect/index.ts';
import { dialectOf } from '../../db/seed/seed-db.ts';
import type { Database } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext, RequestContext } from '../../platform/context.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { queueAssignmentNotifications } from '../notifications/index.ts';
import {
  ASSIGNMENT_WRITE_LOCK,
  type CreatePlan,
  type CreateProgress,
  emptyProgress,
  insertChunk,
  runCreate,
} from '../assignments/index.ts';
import type { StoredCondition } from './assignment-rules.conditions.ts';
import { parseJson, ruleCourseIds, toRun } from './assignment-rules.mapper.ts';
import * as rules from './assignment-rules.repository.ts';
import { type RulesDeps, dueAtAfter, loadRule, planOf } from './assignment-rules.service.ts';
import * as pairs from './rule-pairs.repository.ts';
import * as runs from './rule-runs.repository.ts';

/** The job type of "run now" over ASSIGNMENT_INLINE_LEARNERS learners. */
export const RULE_RUN_JOB = 'assignment_rule_run';

export type AuditCtx = Pick<RequestContext, 'actorId' | 'impersonatorId' | 'ip' | 'now'>;

/** What a run knows before its first chunk, kept in the job's result so a resumed job goes on. */
export interface RunState {
  learners: number;
  already: number;
  protected: number;
  progress: CreateProgress;
}

const definitionOf = (rule: rules.RuleRow) => ({
  match: rule.match === 'any' ? ('any' as const) : ('all' as const),
  conditions: parseJson<StoredCondition[]>(rule.conditions, []),
  course_ids: ruleCourseIds(rule),
});

/**
 * One pass of a rule over everyone its conditions pick, chunk by chunk through New assignment's own
 * writer (never a duplicate open assignment; the rule's exclusions left alone). The counts of who
 * already has it and who is protected are taken before the first chunk; the last chunk finishes the
 * run record and calls `last` (the audit entry) in its transaction.
 */
export async function runRulePass(
  deps: RulesDeps,
  input: { rule: rules.RuleRow; runId: number; actorId: number | null; now: string },
  resume: RunState | null,
  hooks: {
    chunk?: (trx: Kysely<Database>, state: RunState) => Promise<void>;
    last: (trx: Kysely<Database>, state: RunState) => Promise<void>;
  },
  signal?: AbortSignal,
): Promise<RunState> {
  const { rule, runId, now } = input;
  const { pick, courseIds } = await planOf(deps.db, rule.company_id, definitionOf(rule), new Date(now), false);
  let base = resume;
  if (!base) {
    const learners = await pairs.countPickedLearners(deps.db, deps.dialect, pick);
    const counts = await pairs.countOutcomes(
      deps.db,
      deps.dialect,
      { pick, courseIds, ruleId: rule.id, now },
      learners,
    );
    base = { learners, already: counts.already_assigned, protected: counts.protected, progress: emptyProgress() };
  }
  const plan: CreatePlan = {
    pick,
    actorId: input.actorId,
    now,
    dueAt: dueAtAfter(new Date(now), rule.due_days),
    recertifyMonths: rule.recertify_months,
    courseIds,
    // Each learner's course_assignment message, through the pipeline (the schedule decides).
    notify: true,
    rule: { ruleId: rule.id, runId },
  };
  const first = base;
  const done = await runCreate(
    deps,
    plan,
    first.progress,
    async (trx, progress, last) => {
      const state = { ...first, progress };
      await hooks.chunk?.(trx, state);
      if (!last) return;
      await runs.finishRun(trx, runId, {
        learners: state.learners,
        created: progress.created,
        already_assigned: state.already,
        protected: state.protected,
        status: 'completed',
        now,
      });
      await rules.touchRuleRun(trx, rule.id, now);
      await hooks.last(trx, state);
    },
    signal,
  );
  return { ...first, progress: done };
}

async function runWithUndoable(db: Kysely<Database>, row: runs.RunRow): Promise<RuleRun> {
  const undoable = await pairs.countUnstartedOfRuns(db, [row.id]);
  return toRun(row, undoable.get(row.id) ?? 0);
}

export type RunNowOutcome =
  | { kind: 'done'; run: RuleRun }
  | { kind: 'queued'; job_id: number; run_id: number; learners: number };

/**
 * POST /assignment-rules/{id}/run: up to ASSIGNMENT_INLINE_LEARNERS learners in the request; above,
 * a heavy-lane job (assignment-rule-run.job.ts) with the run's progress. Running twice changes nothing
 * the second time but the run history (a run that made nothing).
 */
export async function runNow(deps: RulesDeps, ctx: AuthedContext, id: number): Promise<RunNowOutcome> {
  const rule = await loadRule(deps.db, ctx, id);
  if (Number(rule.active) !== 1) throw invalidField('active', RULE_MESSAGES.inactive);
  const now = ctx.now();
  const stamp = iso(now);
  const { pick } = await planOf(deps.db, ctx.companyId, definitionOf(rule), now, true);
  const learners = await pairs.countPickedLearners(deps.db, deps.dialect, pick);
  const newRun = { companyId: ctx.companyId, ruleId: id, ruleName: rule.name, startedBy: ctx.actorId, now: stamp };
  if (learners > ASSIGNMENT_INLINE_LEARNERS) {
    return deps.db.transaction().execute(async (trx) => {
      const runId = await runs.insertRun(trx, { ...newRun, trigger: 'manual' });
      const job = await enqueue(trx, {
        type: RULE_RUN_JOB,
        payload: { runId, ruleId: id, companyId: ctx.companyId, now: stamp, audit: auditOf(ctx) },
        companyId: ctx.companyId,
        createdBy: ctx.actorId,
        now,
      });
      await runs.setRunJob(trx, runId, job.id);
      await audit(trx, ctx, {
        action: 'assignment_rules.run_queued',
        entityType: 'assignment_rule',
        entityId: id,
        after: { run_id: runId, job_id: job.id, learners },
      });
      return { kind: 'queued' as const, job_id: job.id, run_id: runId, learners };
    });
  }
  const runId = await runs.insertRun(deps.db, { ...newRun, trigger: 'manual' });
  try {
    await runRulePass(deps, { rule, runId, actorId: ctx.actorId, now: stamp }, null, {
      last: (trx, state) => auditRun(trx, ctx, rule, runId, 'manual', state),
    });
  } catch (error) {
    await runs.failRun(deps.db, runId, iso(ctx.now()));
    throw error;
  }
  const row = await runs.findRun(deps.db, ctx.companyId, id, runId);
  return { kind: 'done', run: await runWithUndoable(deps.db, row!) };
}

export const auditOf = (ctx: AuditCtx) => ({ actorId: ctx.actorId, impersonatorId: ctx.impersonatorId, ip: ctx.ip });

export function auditRun(
  trx: Kysely<Database>,
  ctx: AuditCtx & { companyId: number | null },
  rule: rules.RuleRow,
  runId: number,
  trigger: RuleRunTrigger,
  state: Pick<RunState, 'learners' | 'already' | 'protected'> & { progress: { created: number } },
) {
  return audit(trx, ctx, {
    action: 'assignment_rules.run',
    entityType: 'assignment_rule',
    entityId: rule.id,
    companyId: rule.company_id,
    after: {
      run_id: runId,
      trigger,
      learners: state.learners,
      created: state.progress.created,
      already_assigned: state.already,
      protected: state.protected,
    },
  });
}

/** GET /assignment-rules/{id}/runs. */
export async function listRuleRuns(
  deps: RulesDeps,
  ctx: AuthedContext,
  id: number,
  query: { page: number; per_page: number },
) {
  await loadRule(deps.db, ctx, id);
  const { rows, total } = await runs.listRuns(deps.db, ctx.companyId, id, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const undoable = await pairs.countUnstartedOfRuns(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toRun(row, undoable.get(row.id) ?? 0)),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/**
 * POST /assignment-rules/{id}/runs/{runId}/undo: removes exactly the run's assignments that nobody
 * started (started, in progress or completed ones stay), marks the run undone; optionally switches
 * the rule off so that its next run does not assign the same people again.
 */
export async function undoRun(
  deps: RulesDeps,
  ctx: AuthedContext,
  id: number,
  runId: number,
  body: { deactivate_rule: boolean },
) {
  const rule = await loadRule(deps.db, ctx, id);
  const run = await runs.findRun(deps.db, ctx.companyId, id, runId);
  if (!run) throw notFound('Rule run not found.');
  if (run.status === 'undone') throw invalidField('run', RULE_MESSAGES.runUndone);
  if (run.status === 'running') throw invalidField('run', 'Wait for the run to finish before undoing it.');
  const now = iso(ctx.now());
  await deps.db.transaction().execute(async (trx) => {
    await transactionLock(trx, deps.dialect, ASSIGNMENT_WRITE_LOCK, ctx.companyId);
    const removed = await pairs.deleteUnstartedOfRun(trx, runId);
    await runs.markRunUndone(trx, runId, ctx.actorId, removed, now);
    if (body.deactivate_rule) await rules.setRuleActive(trx, id, 0, now);
    await audit(trx, ctx, {
      action: 'assignment_rules.undo_run',
      entityType: 'assignment_rule',
      entityId: id,
      after: { run_id: runId, removed, deactivated: body.deactivate_rule, rule: rule.name },
    });
  });
  return runWithUndoable(deps.db, (await runs.findRun(deps.db, ctx.companyId, id, runId))!);
}

/**
 * Runs the company's active rules for these users only, in the caller's transaction: the trigger
 * when users are created or changed (console, import, and later SCIM and SSO). Set-based per rule;
 * a rule that would assign nothing writes nothing (no run row), so running twice changes nothing.
 * Each new assignment's `course_assignment` message is queued with it. Returns the assignments created.
 */
export async function runRulesForUsers(
  trx: Kysely<Database>,
  companyId: number,
  userIds: number[],
  options: Partial<AuditCtx> & { trigger?: RuleRunTrigger } = {},
): Promise<number> {
  if (userIds.length === 0) return 0;
  const active = await rules.findActiveRules(trx, companyId);
  if (active.length === 0) return 0;
  const dialect = dialectOf(trx);
  const now = (options.now ?? (() => new Date()))();
  const stamp = iso(now);
  const ctx: AuditCtx & { companyId: number } = {
    actorId: options.actorId ?? null,
    impersonatorId: options.impersonatorId ?? null,
    ip: options.ip ?? '',
    now: () => now,
    companyId,
  };
  const trigger = options.trigger ?? 'user_change';
  await transactionLock(trx, dialect, ASSIGNMENT_WRITE_LOCK, companyId);
  let total = 0;
  for (const rule of active) {
    const plan = await planOf(trx, companyId, definitionOf(rule), now, false);
    const pick = { ...plan.pick, onlyUserIds: [...new Set(userIds)] };
    const query = { pick, courseIds: plan.courseIds, ruleId: rule.id, now: stamp };
    const learners = await pairs.countPickedLearners(trx, dialect, pick);
    if (learners === 0) continue;
    const counts = await pairs.countOutcomes(trx, dialect, query, learners);
    if (counts.assign === 0) continue;
    const runId = await runs.insertRun(trx, {
      companyId,
      ruleId: rule.id,
      ruleName: rule.name,
      trigger,
      startedBy: ctx.actorId,
      now: stamp,
    });
    const created = await insertChunk(trx, dialect, pick, {
      companyId,
      actorId: ctx.actorId,
      now: stamp,
      dueAt: dueAtAfter(now, rule.due_days),
      recertifyMonths: rule.recertify_months,
      courseIds: plan.courseIds,
      afterId: 0,
      throughId: 2_147_483_647,
      rule: { ruleId: rule.id, runId },
    });
    await queueAssignmentNotifications(trx, { companyId, assignments: { ruleRunId: runId }, now });
    const state = { learners, already: counts.already_assigned, protected: counts.protected, progress: { created } };
    await runs.finishRun(trx, runId, {
      learners,
      created,
      already_assigned: counts.already_assigned,
      protected: counts.protected,
      status: 'completed',
      now: stamp,
    });
    await rules.touchRuleRun(trx, rule.id, stamp);
    await auditRun(trx, ctx, rule, runId, trigger, state);
    total += created;
  }
  return total;
}
