import type { PlayerAssignment, PlayerAttempt, PlayerProgress } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { writeTransaction } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { PLAYER_MESSAGES } from '@heed/contract';
import type { CourseVersion } from '../courses/index.ts';
import { markRenewed, recordCompletion } from '../recertification/index.ts';
import { audit } from '../../platform/audit.repository.ts';
import { scoreAttempt } from './attempt-scoring.ts';
import {
  type AttemptState,
  type VersionDocument,
  allDone,
  parseState,
  progressOf,
  topicStatuses,
} from './attempt-state.ts';
import { startRule, toPlayerAssignment, toPlayerAttempt } from './player.mapper.ts';
import {
  type AssignmentFields,
  type AttemptWithAssignment,
  finishAttempt,
  insertActivity,
  lockOwnAttempt,
  updateAssignment,
  updateAttemptState,
} from './player.repository.ts';
import type { VersionCache } from './version-cache.ts';

export interface PlayerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  versions: VersionCache;
}

/** Whose learning a request touches: always the session's user, in that user's own company. */
export const learner = (ctx: AuthedContext) => ({ userId: ctx.user.id, companyId: ctx.user.company_id });

/** What a step works on: the locked attempt, its version's document and its state, parsed. */
export interface Step {
  trx: Kysely<Database>;
  dialect: Dialect;
  ctx: AuthedContext;
  attempt: AttemptWithAssignment;
  version: CourseVersion;
  document: VersionDocument;
  state: AttemptState;
  now: Date;
  at: string;
}

/**
 * Runs one player step in one transaction on one of the caller's own attempts (404 otherwise), its
 * attempt and assignment rows held until the end, so the state read is the state written back.
 */
export function runStep<T>(deps: PlayerDeps, ctx: AuthedContext, attemptId: number, work: (step: Step) => Promise<T>) {
  const { userId, companyId } = learner(ctx);
  const now = ctx.now();
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    const attempt = await lockOwnAttempt(trx, deps.dialect, attemptId, userId, companyId);
    if (!attempt) throw notFound(PLAYER_MESSAGES.attemptNotFound);
    const version = await deps.versions.get(trx, attempt.course_version_id);
    if (!version) throw notFound(PLAYER_MESSAGES.attemptNotFound);
    const state = parseState(attempt.state);
    return work({
      trx,
      dialect: deps.dialect,
      ctx,
      attempt,
      version,
      document: version.document,
      state,
      now,
      at: iso(now),
    });
  });
}

/** Writes a step's activity row once (`a{n}:…` keys). */
export function recordActivity(
  step: Step,
  event: string,
  key: string,
  topicId: number | null,
  data: Record<string, unknown> | null,
): Promise<boolean> {
  const { attempt } = step;
  return insertActivity(step.trx, step.dialect, {
    company_id: attempt.company_id,
    user_id: attempt.user_id,
    course_id: attempt.course_id,
    assignment_id: attempt.assignment_id,
    topic_id: topicId,
    event,
    data,
    step_key: `a${attempt.attempt}:${key}`,
    created_at: step.at,
  });
}

const addMonths = (date: Date, months: number) => {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/**
 * Ends the attempt once every topic is complete: scored, passed or failed, its activity written once,
 * and a pass completes the assignment (score, completed_at, expires_at, the version). The guarded
 * update makes a second finish (a replay, a parallel request) change nothing.
 */
async function finishIfDone(step: Step): Promise<AssignmentFields | undefined> {
  const { attempt, document, state } = step;
  if (attempt.status !== 'in_progress' || !allDone(document, state)) return undefined;
  const { score, passed } = scoreAttempt(document, state);
  const status = passed ? 'passed' : 'failed';
  const finished = await finishAttempt(step.trx, attempt.id, {
    status,
    score,
    state: JSON.stringify(state),
    now: step.at,
  });
  if (!finished) return undefined;
  Object.assign(attempt, { status, score, finished_at: step.at });
  const event = passed ? 'completed' : 'failed';
  await recordActivity(step, event, event, null, { score, attempt: attempt.attempt, version: step.version.version });
  if (!passed) return updateAssignment(step.trx, attempt.assignment_id, { progress: 100 }, step.at);
  const months = attempt.assignment.recertify_months ?? document.recertify_months;
  const completed = await updateAssignment(
    step.trx,
    attempt.assignment_id,
    {
      completion: {
        score,
        completed_at: step.at,
        expires_at: months ? iso(addMonths(step.now, months)) : null,
        course_version_id: attempt.course_version_id,
      },
    },
    step.at,
  );
  await recordCompletion(step.trx, attempt.assignment_id, step.at);
  // A completed renewal makes the completion it renews history (decision 081).
  const renewed = await markRenewed(step.trx, attempt.assignment_id, step.at);
  if (renewed !== undefined)
    await audit(step.trx, step.ctx, {
      action: 'assignments.renewed',
      entityType: 'assignment',
      entityId: renewed,
      before: { status: 'completed' },
      after: { status: 'renewed', renewal_assignment_id: attempt.assignment_id },
    });
  return completed;
}

/** Stores the step's new state, the assignment's progress, and finishes the attempt when it is done. */
export async function saveStep(step: Step): Promise<void> {
  const finished = await finishIfDone(step);
  if (finished) {
    step.attempt.assignment = finished;
    return;
  }
  await updateAttemptState(step.trx, step.dialect, step.attempt.id, JSON.stringify(step.state), step.at);
  // Most SCORM commits change the package's data only: the assignment is left alone then.
  const progress = progressOf(step.document, step.state);
  const { assignment } = step.attempt;
  if (assignment.completed_at !== null || (assignment.progress === progress && assignment.started_at !== null)) return;
  step.attempt.assignment = await updateAssignment(step.trx, step.attempt.assignment_id, { progress }, step.at);
}

export function attemptOf(step: Step): PlayerAttempt {
  return toPlayerAttempt(step.attempt, step.version.version);
}

export function assignmentOf(step: Step): PlayerAssignment {
  const { attempt } = step;
  const rule = startRule(attempt.assignment, attempt, step.document.attempts_allowed, step.now);
  return toPlayerAssignment(attempt.assignment_id, attempt.assignment, step.document, rule, step.now);
}

/** Where the attempt and the assignment stand after the step, for the topic it touched. */
export function progressAfter(step: Step, topicId: number): PlayerProgress {
  const status = topicStatuses(step.document, step.state).get(topicId) ?? 'locked';
  const ts = step.state.topics[String(topicId)];
  return {
    topic: { id: topicId, status, score: ts?.done === 1 ? (ts.score ?? null) : null },
    attempt: attemptOf(step),
    assignment: assignmentOf(step),
  };
}
