import {
  type AnswerQuestionBody,
  type AnswerQuestionResult,
  type CompleteTopicBody,
  PLAYER_MESSAGES,
  type PlayerProgress,
  SCORM_CMI_MAX_BYTES,
  type ScormCommitBody,
  type ScormCommitResult,
  VIDEO_WATCHED_SHARE,
} from '@heed/contract';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { answerResultOf, isCorrect, questionsTopicScore, scormOutcome } from './attempt-scoring.ts';
import { type DocumentTopic, findQuestion, topicState, topicStatuses } from './attempt-state.ts';
import { findAnswer, insertAnswer } from './player.repository.ts';
import { type PlayerDeps, type Step, progressAfter, recordActivity, runStep, saveStep } from './player-step.ts';

// The player's steps (README.md beside this file): each writes its activity and answer exactly once
// (unique step keys and answers, INSERT … ON CONFLICT DO NOTHING) and a replay returns what is stored.

const refused = (message: string) => new AppError(422, message, { topic: [message] });

function topicOf(step: Step, topicId: number): DocumentTopic {
  const topic = step.document.topics.find((t) => t.id === topicId);
  if (!topic) throw notFound(PLAYER_MESSAGES.topicNotFound);
  return topic;
}

/** A topic may be played while the attempt is in progress and every earlier topic is complete. */
function checkPlayable(step: Step, topicId: number) {
  if (step.attempt.status !== 'in_progress') throw refused(PLAYER_MESSAGES.attemptFinished);
  if (topicStatuses(step.document, step.state).get(topicId) === 'locked') throw refused(PLAYER_MESSAGES.locked);
}

/** Marks a topic complete and writes its activity once (`a{n}:t{topicId}`). */
async function completeTopicIn(step: Step, topic: DocumentTopic, event: string, data: Record<string, unknown>) {
  const ts = topicState(step.state, topic.id);
  ts.done = 1;
  const progress = Math.round(
    (100 * step.document.topics.filter((t) => step.state.topics[String(t.id)]?.done === 1).length) /
      Math.max(1, step.document.topics.length),
  );
  await recordActivity(step, event, `t${topic.id}`, topic.id, { ...data, progress });
}

/**
 * POST …/topics/{topicId}/complete: a text topic as it is, a video watched to the end (≥ 95 %), a
 * document acknowledged (its activity keeps the time and the address: the auditors' proof). A topic
 * already complete is a replay: nothing is written.
 */
export function completeTopic(
  deps: PlayerDeps,
  ctx: AuthedContext,
  attemptId: number,
  topicId: number,
  body: CompleteTopicBody,
): Promise<PlayerProgress> {
  return runStep(deps, ctx, attemptId, async (step) => {
    const topic = topicOf(step, topicId);
    if (step.state.topics[String(topicId)]?.done === 1) return progressAfter(step, topicId);
    if (topic.kind === 'questions' || topic.kind === 'scorm') throw refused(PLAYER_MESSAGES.notYourKind(topic.kind));
    checkPlayable(step, topicId);
    if (topic.kind === 'video') {
      const watched = body.watched_seconds ?? 0;
      const duration = body.duration_seconds ?? 0;
      if (duration <= 0 || watched < duration * VIDEO_WATCHED_SHARE)
        throw invalidField('watched_seconds', PLAYER_MESSAGES.watchToTheEnd);
      await completeTopicIn(step, topic, 'progressed', { watched_seconds: watched, duration_seconds: duration });
    } else if (topic.kind === 'document') {
      if (body.acknowledged !== true) throw invalidField('acknowledged', PLAYER_MESSAGES.acknowledge);
      await completeTopicIn(step, topic, 'acknowledged', { acknowledged_at: step.at, ip: ctx.ip });
    } else {
      await completeTopicIn(step, topic, 'progressed', {});
    }
    await saveStep(step);
    return progressAfter(step, topicId);
  });
}

/**
 * POST …/questions/{questionId}/answer: a drawn question of the attempt, answered once. The answer
 * row and its `answered` activity are written together; a replay (or a second answer) returns the
 * stored result unchanged. The last answer of a topic completes it, the last topic the attempt.
 */
export function answerQuestion(
  deps: PlayerDeps,
  ctx: AuthedContext,
  attemptId: number,
  questionId: number,
  body: AnswerQuestionBody,
): Promise<AnswerQuestionResult> {
  return runStep(deps, ctx, attemptId, async (step) => {
    const found = findQuestion(step.document, questionId);
    const ts = found ? step.state.topics[String(found.topic.id)] : undefined;
    if (!found || !ts?.questions?.includes(questionId)) throw notFound(PLAYER_MESSAGES.questionNotFound);
    const { topic, question } = found;
    const stored = ts.answers?.[String(questionId)];
    if (stored) {
      return { ...answerResultOf(question, stored.choices, stored.correct === 1), ...progressAfter(step, topic.id) };
    }
    checkPlayable(step, topic.id);
    if (body.choices.some((c) => c >= question.options.length))
      throw invalidField('choices', PLAYER_MESSAGES.choiceOutOfRange);
    if (question.type !== 'multiple' && body.choices.length !== 1)
      throw invalidField('choices', PLAYER_MESSAGES.oneChoice);
    const choices = [...body.choices].sort((a, b) => a - b);
    const correct = isCorrect(question, choices);
    const { attempt } = step;
    const written = await insertAnswer(step.trx, {
      company_id: attempt.company_id,
      user_id: attempt.user_id,
      assignment_id: attempt.assignment_id,
      course_id: attempt.course_id,
      topic_id: topic.id,
      question_id: questionId,
      attempt: attempt.attempt,
      choices,
      correct,
      created_at: step.at,
    });
    // The state is read under the attempt's lock, so the answer is not there already; should a row be
    // there all the same, it wins and nothing else is written.
    if (!written) {
      const row = await findAnswer(step.trx, attempt.assignment_id, attempt.attempt, questionId);
      const storedChoices = row?.choices ? (JSON.parse(row.choices) as number[]) : [row?.answer ?? 0];
      return { ...answerResultOf(question, storedChoices, row?.correct === 1), ...progressAfter(step, topic.id) };
    }
    ts.answers = { ...ts.answers, [String(questionId)]: { choices, correct: correct ? 1 : 0 } };
    await recordActivity(step, 'answered', `q${questionId}`, topic.id, { attempt: attempt.attempt, choices, correct });
    if (ts.questions.every((id) => ts.answers?.[String(id)] !== undefined)) {
      ts.score = questionsTopicScore(ts.questions, ts.answers);
      await completeTopicIn(step, topic, 'progressed', { score: ts.score });
    }
    await saveStep(step);
    return { ...answerResultOf(question, choices, correct), ...progressAfter(step, topic.id) };
  });
}

/**
 * PUT …/topics/{topicId}/scorm: stores the runtime's CMI data when its sequence is higher than the
 * stored one (a lower or equal one, a late or replayed commit, writes nothing). A passed, completed or
 * failed status completes the topic once, with the reported score. A commit after the attempt ended
 * (the package unloading) is accepted and not stored.
 */
export function commitScorm(
  deps: PlayerDeps,
  ctx: AuthedContext,
  attemptId: number,
  topicId: number,
  body: ScormCommitBody,
): Promise<ScormCommitResult> {
  return runStep(deps, ctx, attemptId, async (step) => {
    const topic = topicOf(step, topicId);
    if (topic.kind !== 'scorm') throw refused(PLAYER_MESSAGES.notScorm);
    const ts = topicState(step.state, topicId);
    const storedSequence = ts.scorm?.sequence ?? 0;
    if (body.sequence <= storedSequence || step.attempt.status !== 'in_progress')
      return { ...progressAfter(step, topicId), sequence: storedSequence, stored: false };
    checkPlayable(step, topicId);
    if (JSON.stringify(body.cmi).length > SCORM_CMI_MAX_BYTES) throw invalidField('cmi', PLAYER_MESSAGES.cmiTooLarge);
    ts.scorm = { cmi: body.cmi, sequence: body.sequence };
    if (ts.done !== 1) {
      const outcome = scormOutcome(body.cmi);
      if (outcome.complete) {
        ts.score = outcome.score;
        if (outcome.failed) ts.failed = 1;
        await completeTopicIn(step, topic, 'progressed', { score: outcome.score, failed: outcome.failed });
      }
    }
    await saveStep(step);
    return { ...progressAfter(step, topicId), sequence: body.sequence, stored: true };
  });
}
