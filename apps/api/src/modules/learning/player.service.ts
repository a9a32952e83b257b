import { type AttemptStarted, PLAYER_MESSAGES, type PlayerState } from '@heed/contract';
import { writeTransaction } from '../../db/dialect/index.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { currentCourseVersion, previewCourseVersion } from '../courses/index.ts';
import { queueNotification } from '../notifications/index.ts';
import { type AttemptState, newAttemptState, parseState, topicStatuses } from './attempt-state.ts';
import { scormMediaIds, startRule, toPlayerAssignment, toPlayerAttempt, toPlayerTopics } from './player.mapper.ts';
import {
  findLatestAttempt,
  findMediaLaunchPaths,
  findOwnAssignment,
  insertActivity,
  insertAttempt,
  maxAnsweredAttempt,
  updateAssignment,
} from './player.repository.ts';
import { type PlayerDeps, type Step, assignmentOf, attemptOf, learner, saveStep } from './player-step.ts';

/**
 * GET /my/assignments/{id}/player. With an attempt, its version and state (in progress: to play on;
 * finished: to review, its answers shown); with none yet, the course's current version, every topic
 * locked but the first and no questions drawn.
 */
export async function getPlayer(deps: PlayerDeps, ctx: AuthedContext, assignmentId: number): Promise<PlayerState> {
  const { userId, companyId } = learner(ctx);
  const now = ctx.now();
  const assignment = await findOwnAssignment(deps.db, assignmentId, userId, companyId);
  if (!assignment) throw notFound(PLAYER_MESSAGES.notFound);
  const latest = await findLatestAttempt(deps.db, assignmentId);
  const version = latest
    ? await deps.versions.get(deps.db, latest.course_version_id)
    : await previewCourseVersion(deps.db, assignment.course_id, companyId);
  if (!version) throw notFound(PLAYER_MESSAGES.notFound);
  const document = version.document;
  const state: AttemptState | null = latest ? parseState(latest.state) : null;
  const rule = startRule(assignment, latest, document.attempts_allowed, now);
  return {
    assignment: toPlayerAssignment(assignment.id, assignment, document, rule, now),
    attempt: latest ? toPlayerAttempt(latest, version.version) : null,
    course: {
      id: document.id,
      name: document.name,
      description: document.description,
      version: version.version,
      topics: toPlayerTopics(
        document,
        state,
        topicStatuses(document, state),
        await findMediaLaunchPaths(deps.db, scormMediaIds(document)),
      ),
    },
  };
}

const refusal = (message: string) => new AppError(422, message, { id: [message] });

/**
 * POST /my/assignments/{id}/attempts: the attempt in progress (created false), or a new one on the
 * course's current version (created true): its questions drawn, `launched` written once. The
 * assignment's row is held meanwhile, so two starts at once make one attempt.
 */
export async function startAttempt(
  deps: PlayerDeps,
  ctx: AuthedContext,
  assignmentId: number,
): Promise<{ created: boolean; result: AttemptStarted }> {
  const { userId, companyId } = learner(ctx);
  const now = ctx.now();
  const at = iso(now);
  return writeTransaction(deps.db, deps.dialect, async (trx) => {
    const assignment = await findOwnAssignment(trx, assignmentId, userId, companyId, deps.dialect);
    if (!assignment) throw notFound(PLAYER_MESSAGES.notFound);
    const latest = await findLatestAttempt(trx, assignmentId);
    if (latest?.status === 'in_progress') {
      const version = await deps.versions.get(trx, latest.course_version_id);
      if (!version) throw notFound(PLAYER_MESSAGES.notFound);
      const step = {
        trx,
        dialect: deps.dialect,
        ctx,
        attempt: { ...latest, assignment },
        version,
        document: version.document,
        state: parseState(latest.state),
        now,
        at,
      };
      return { created: false, result: { attempt: attemptOf(step), assignment: assignmentOf(step) } };
    }
    const version = await currentCourseVersion(trx, deps.dialect, assignment.course_id, companyId, at);
    if (!version) throw notFound(PLAYER_MESSAGES.notFound);
    // A withdrawn course starts no new attempt; one already under way may still be finished.
    if (!version.document.active) throw refusal(PLAYER_MESSAGES.courseInactive);
    const rule = startRule(assignment, latest, version.document.attempts_allowed, now);
    if (rule.refusal) throw refusal(PLAYER_MESSAGES[rule.refusal]);
    const number = Math.max(latest?.attempt ?? 0, await maxAnsweredAttempt(trx, assignmentId)) + 1;
    // Attempts before the player's (answers without attempt rows) do not count against attempts_allowed.
    const state = newAttemptState(version.document, latest ? rule.base : number - 1);
    const attempt = await insertAttempt(trx, {
      company_id: companyId,
      user_id: userId,
      assignment_id: assignmentId,
      course_id: assignment.course_id,
      course_version_id: version.id,
      attempt: number,
      state: JSON.stringify(state),
      now: at,
    });
    // The assignment's row is held, so the number is free; should it not be, nothing is written.
    if (!attempt) throw new AppError(409, PLAYER_MESSAGES.attemptFinished);
    await insertActivity(trx, deps.dialect, {
      company_id: companyId,
      user_id: userId,
      course_id: assignment.course_id,
      assignment_id: assignmentId,
      topic_id: null,
      event: 'launched',
      data: { attempt: number, version: version.version },
      step_key: `a${number}:launched`,
      created_at: at,
    });
    const fields = await updateAssignment(trx, assignmentId, { start: true, progress: 0 }, at);
    // The first opening of the course tells the learner's manager (course_accessed), once per assignment.
    if (assignment.started_at === null)
      await queueNotification(trx, { companyId, type: 'course_accessed', userId, assignmentId, now });
    const step: Step = {
      trx,
      dialect: deps.dialect,
      ctx,
      attempt: { ...attempt, assignment: fields },
      version,
      document: version.document,
      state,
      now,
      at,
    };
    // A course without topics is done as soon as it starts.
    if (version.document.topics.length === 0) await saveStep(step);
    return { created: true, result: { attempt: attemptOf(step), assignment: assignmentOf(step) } };
  });
}
