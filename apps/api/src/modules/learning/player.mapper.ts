import {
  PLAYER_TOPIC_KINDS,
  type PlayerAssignment,
  type PlayerAttempt,
  type PlayerMedia,
  type PlayerQuestion,
  type PlayerTopic,
  type PlayerTopicKind,
  type PlayerTopicStatus,
  RECERTIFY_WINDOW_DAYS,
} from '@heed/contract';
import { answerResultOf } from './attempt-scoring.ts';
import { type AttemptState, type DocumentTopic, type VersionDocument, parseState } from './attempt-state.ts';
import { currentStatus } from './my-assignments.mapper.ts';
import type { AssignmentFields, AttemptRow } from './player.repository.ts';

const DAY_MS = 86_400_000;

export function toPlayerAttempt(row: AttemptRow, version: number): PlayerAttempt {
  return {
    id: row.id,
    attempt: row.attempt,
    status: row.status as PlayerAttempt['status'],
    score: row.score,
    version,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** Where an assignment stands for a new attempt: the attempts counted, and why one may not start. */
export interface StartRule {
  /** The number of the last passed attempt (0: none): a new attempt counts the ones after it. */
  base: number;
  /** Attempts since the last pass, the latest included. */
  used: number;
  /** Why a new attempt may not start now (undefined: it may; an attempt in progress resumes). */
  refusal?: 'alreadyCompleted' | 'noAttemptsLeft';
  inProgress: boolean;
}

/**
 * A completed assignment may be taken again once its recertification is due (RECERTIFY_WINDOW_DAYS
 * before expires_at, or after); each cycle since the last pass has the course's attempts_allowed.
 */
export function startRule(
  assignment: AssignmentFields,
  latest: AttemptRow | undefined,
  attemptsAllowed: number | null,
  now: Date,
): StartRule {
  const latestBase = latest ? parseState(latest.state).base : 0;
  const inProgress = latest?.status === 'in_progress';
  const used = latest ? latest.attempt - latestBase : 0;
  const base = latest ? (latest.status === 'passed' ? latest.attempt : latestBase) : 0;
  if (inProgress) return { base: latestBase, used, inProgress };
  const cycleUsed = (latest?.attempt ?? 0) - base;
  if (assignment.completed_at !== null) {
    const due =
      assignment.expires_at !== null &&
      Date.parse(assignment.expires_at) - RECERTIFY_WINDOW_DAYS * DAY_MS <= now.getTime();
    if (!due) return { base, used, refusal: 'alreadyCompleted', inProgress };
  }
  if (attemptsAllowed !== null && cycleUsed >= attemptsAllowed)
    return { base, used, refusal: 'noAttemptsLeft', inProgress };
  return { base, used, inProgress };
}

export function toPlayerAssignment(
  id: number,
  fields: AssignmentFields,
  document: VersionDocument,
  rule: StartRule,
  now: Date,
): PlayerAssignment {
  const status = currentStatus(fields, now.toISOString());
  return {
    id,
    status,
    due_at: fields.due_at,
    completed_at: fields.completed_at,
    expires_at: fields.expires_at,
    progress: status === 'completed' || status === 'expired' ? 100 : Math.min(100, Math.max(0, fields.progress)),
    score: fields.score,
    passing_score: document.passing_score,
    attempts_used: rule.used,
    attempts_allowed: document.attempts_allowed,
    certificate_available: fields.completed_at !== null,
    can_start: rule.inProgress || rule.refusal === undefined,
  };
}

const kindOf = (kind: string): PlayerTopicKind =>
  (PLAYER_TOPIC_KINDS as readonly string[]).includes(kind) ? (kind as PlayerTopicKind) : 'text';

/** The topic's media as the version recorded it (the course document's `media`), if any. */
function mediaOf(topic: DocumentTopic): PlayerMedia | null {
  return (topic as { media?: PlayerMedia | null }).media ?? null;
}

/** The SCORM packages' launch files, by media id (`findMediaLaunchPaths`). */
export type LaunchPaths = Map<number, string | null>;

/** The media ids of the document's SCORM topics, whose launch files the player needs. */
export const scormMediaIds = (document: VersionDocument) =>
  document.topics.flatMap((t) => {
    const media = t.kind === 'scorm' ? mediaOf(t) : null;
    return media ? [media.id] : [];
  });

const encodePath = (path: string) =>
  path
    .split('/')
    .map((segment) => segment.replace(/[^A-Za-z0-9._~!$&'()*+,;=:@?%-]/g, (c) => encodeURIComponent(c)))
    .join('/');

/**
 * Where the player loads a topic's content (served outside /api by the course-media module, decision
 * 061): a video or document at /content/media/{id}; a SCORM package's launch page at
 * /content/scorm/{id}/{launch_path}, which redirects to the package under a content key.
 */
function contentUrl(kind: PlayerTopicKind, media: PlayerMedia | null, launchPaths: LaunchPaths): string | null {
  if (!media) return null;
  if (kind === 'video' || kind === 'document') return `/content/media/${media.id}`;
  if (kind !== 'scorm') return null;
  const launch = launchPaths.get(media.id);
  return launch ? `/content/scorm/${media.id}/${encodePath(launch)}` : null;
}

function playerQuestions(topic: DocumentTopic, state: AttemptState | null): PlayerQuestion[] {
  const ts = state?.topics[String(topic.id)];
  if (!ts?.questions) return [];
  const byId = new Map(topic.questions.map((q) => [q.id, q]));
  return ts.questions.flatMap((id) => {
    const question = byId.get(id);
    if (!question) return [];
    const stored = ts.answers?.[String(id)];
    return [
      {
        id,
        type: question.type,
        prompt: question.prompt,
        options: question.options.map((o, index) => ({ index, text: o.text })),
        answer: stored ? answerResultOf(question, stored.choices, stored.correct === 1) : null,
      },
    ];
  });
}

export function toPlayerTopics(
  document: VersionDocument,
  state: AttemptState | null,
  statuses: Map<number, PlayerTopicStatus>,
  launchPaths: LaunchPaths,
): PlayerTopic[] {
  return document.topics.map((topic) => {
    const kind = kindOf(topic.kind);
    const media = mediaOf(topic);
    const ts = state?.topics[String(topic.id)];
    return {
      id: topic.id,
      name: topic.name,
      kind,
      content: topic.content,
      media: media
        ? {
            id: media.id,
            kind: media.kind,
            original_name: media.original_name ?? null,
            mime: media.mime ?? null,
            size: media.size ?? null,
            scorm_version: media.scorm_version ?? null,
            title: media.title ?? null,
          }
        : null,
      content_url: contentUrl(kind, media, launchPaths),
      status: statuses.get(topic.id) ?? 'locked',
      questions: playerQuestions(topic, state),
      scorm: kind === 'scorm' ? { cmi: ts?.scorm?.cmi ?? {}, sequence: ts?.scorm?.sequence ?? 0 } : null,
      score: ts?.done === 1 ? (ts.score ?? null) : null,
    };
  });
}
