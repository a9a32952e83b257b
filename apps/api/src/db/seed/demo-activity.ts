import { CERTIFICATE_ALPHABET } from '@heed/contract';
import type { Insertable } from 'kysely';
import type { Database } from '../types.ts';
import type { SeededTopic } from './catalog.ts';
import type { PlannedAssignment } from './demo-assignments.ts';
import { DemoClock } from './demo-clock.ts';
import type { Random } from './prng.ts';
import type { IdAllocator } from './seed-db.ts';

type Event = Insertable<Database['course_activity']>;
type Answer = Insertable<Database['question_answers']>;
type Attempt = Insertable<Database['course_attempts']>;
type Certificate = Insertable<Database['certificates']>;

export interface ActivityRows {
  events: Event[];
  answers: Answer[];
  attempts: Attempt[];
  certificates: Certificate[];
  /** For each answer, the index of its `answered` event (whose time it takes). */
  answerEvents: number[];
}

/** The share of completions whose learner has downloaded the certificate already (the rest issue on first download). */
const CERTIFICATE_SHARE = 0.75;
/** Attempts a demo learner needs at most: the last one always passes. */
const MAX_ATTEMPTS = 3;

/** An attempt's state as the player keeps it (modules/learning/attempt-state.ts). */
interface TopicState {
  done?: 1;
  score?: number | null;
  questions?: number[];
  answers?: Record<string, { choices: number[]; correct: 0 | 1 }>;
  scorm?: { cmi: Record<string, unknown>; sequence: number };
  failed?: 1;
}

/**
 * Plays each started assignment through the course player, writing what the player writes
 * (modules/learning/README.md): per attempt a course_attempts row with its state, `launched`, each
 * topic in order (`answered` per question with its answer row, `progressed`, `acknowledged` for the
 * policy document), then `completed` or `failed`; every row with the player's step key, so a step
 * replayed in the real player writes nothing twice. Completed assignments retake failed attempts
 * (at most three; the last passes); most of their learners have downloaded the certificate already.
 * Assignments in progress have one attempt in progress with the topics done so far. Sets each
 * assignment's progress, score and version.
 */
export function simulateActivity(
  random: Random,
  ids: IdAllocator,
  assignments: readonly PlannedAssignment[],
  out: ActivityRows,
): void {
  const numbers = new Set<string>();
  for (const a of assignments) {
    if (a.startedMs === null) continue;
    const course = a.course;
    const topics = course.topics;
    const completed = a.completedMs !== null;
    const done = completed ? topics.length : random.int(0, topics.length - 1);
    const endMs = a.completedMs ?? a.startedMs + 20 * 60_000 * Math.max(done, 1);
    const skill = 0.55 + ((a.person.id * 37) % 40) / 100;
    const play = new Play(a, out.events.length, out.answers.length);

    let score = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = playAttempt(random, play, out, attempt, completed ? topics.length : done, {
        skill: Math.min(0.97, skill + 0.1 * (attempt - 1)),
        ip: `10.${(a.companyId * 16 + (a.person.id >> 8)) & 255}.${a.person.id & 255}.${10 + attempt}`,
        aim: completed ? (random.chance(PASS_CHANCE[attempt - 1]!) ? 'pass' : 'fail') : null,
      });
      if (result === null || result.passed) {
        score = result?.score ?? 0;
        break;
      }
    }
    play.timeEvents(out, a.startedMs, endMs, (index, at) => {
      // The policy's acknowledgement keeps its time: the auditors' proof.
      const e = out.events[index]!;
      if (e.event === 'acknowledged') e.data = e.data!.replace('"acknowledged_at":""', `"acknowledged_at":"${at}"`);
    });
    for (const row of play.attempts) {
      row.id = ids.next('course_attempts');
      out.attempts.push(row);
    }

    if (!completed) {
      a.progress = Math.round((done / Math.max(1, topics.length)) * 100);
      continue;
    }
    a.progress = 100;
    a.score = score;
    a.courseVersionId = course.versionId;
    if (!random.chance(CERTIFICATE_SHARE)) continue;
    const completedAt = new Date(a.completedMs!).toISOString();
    const issuedAt = new Date(a.completedMs! + 60_000).toISOString();
    const expires =
      a.recertifyMonths === null
        ? null
        : new Date(a.completedMs! + DemoClock.monthsToDays(a.recertifyMonths) * 86_400_000).toISOString();
    let number = certificateNumber(random);
    while (numbers.has(number)) number = certificateNumber(random);
    numbers.add(number);
    const id = ids.next('certificates');
    out.certificates.push({
      id,
      number,
      company_id: a.companyId,
      user_id: a.person.id,
      assignment_id: a.id,
      course_id: course.id,
      course_version_id: course.versionId,
      learner_name: `${a.person.firstName} ${a.person.lastName}`,
      course_name: course.name,
      score,
      passing_score: course.passingScore,
      completed_at: completedAt,
      expires_at: expires,
      issued_at: issuedAt,
    });
    out.events.push(
      event(a, null, 'certificate_issued', `{"certificate_id":${id},"number":"${number}"}`, `cert:${completedAt}`),
    );
    out.events[out.events.length - 1]!.created_at = issuedAt;
  }
}

/** `HEED-XXXX-XXXX-XXXX` from the certificates' alphabet, drawn by the PRNG (the module draws by crypto). */
function certificateNumber(random: Random): string {
  let text = 'HEED';
  for (let group = 0; group < 3; group++) {
    text += '-';
    for (let i = 0; i < 4; i++) text += CERTIFICATE_ALPHABET[random.int(0, CERTIFICATE_ALPHABET.length - 1)];
  }
  return text;
}

/** One assignment's attempts as they are played: their rows, and its events in order, timed at the end. */
class Play {
  readonly attempts: Attempt[] = [];
  /** Each attempt's first and last event (indexes in out.events), in pairs. */
  readonly marks: number[] = [];

  constructor(
    readonly a: PlannedAssignment,
    readonly firstEvent: number,
    readonly firstAnswer: number,
  ) {}

  /**
   * Spreads the events evenly from start to end (the last at `endMs`); answers take their event's time,
   * attempts their first and last event's.
   */
  timeEvents(out: ActivityRows, startMs: number, endMs: number, onTime: (index: number, at: string) => void) {
    const count = out.events.length - this.firstEvent;
    const step = count > 1 ? (endMs - startMs) / (count - 1) : 0;
    for (let i = 0; i < count; i++) {
      const at = new Date(Math.round(startMs + step * i)).toISOString();
      out.events[this.firstEvent + i]!.created_at = at;
      onTime(this.firstEvent + i, at);
    }
    for (let j = this.firstAnswer; j < out.answers.length; j++)
      out.answers[j]!.created_at = out.events[out.answerEvents[j]!]!.created_at;
    for (let i = 0; i < this.attempts.length; i++) {
      const row = this.attempts[i]!;
      const first = out.events[this.marks[2 * i]!]!.created_at;
      const last = out.events[this.marks[2 * i + 1]!]!.created_at;
      row.started_at = first;
      row.updated_at = last;
      if (row.status !== 'in_progress') row.finished_at = last;
    }
  }
}

/** How often a demo learner passes a first and a second attempt (the third always passes). */
const PASS_CHANCE = [0.78, 0.8, 1] as const;

/**
 * One attempt: launched, the first `limit` topics played in order, and when all are played, finished
 * with the outcome aimed at (the answers drawn by the learner's skill, then a few turned right or wrong
 * until the score gives that outcome). Returns its score and outcome, or null while it is in progress.
 */
function playAttempt(
  random: Random,
  play: Play,
  out: ActivityRows,
  attempt: number,
  limit: number,
  learner: { skill: number; ip: string; aim: 'pass' | 'fail' | null },
): { score: number; passed: boolean } | null {
  const { a } = play;
  const course = a.course;
  const topics = course.topics;
  const played = topics.slice(0, limit);
  const right = played.map((t) => t.questions.map(() => random.chance(learner.skill)));
  const packageScores: number[] = played.map((t) => (t.kind === 'scorm' ? 100 : 0));
  const outcome = () => {
    let items = 0;
    let points = 0;
    let failed = false;
    played.forEach((t, i) => {
      if (t.kind === 'scorm') {
        items += 1;
        points += packageScores[i]! / 100;
        if (packageScores[i]! < course.passingScore) failed = true;
      } else
        for (const r of right[i]!) {
          items += 1;
          points += r ? 1 : 0;
        }
    });
    const score = items === 0 ? 100 : Math.round((100 * points) / items);
    return { score, passed: !failed && score >= course.passingScore };
  };
  if (learner.aim !== null && outcome().passed !== (learner.aim === 'pass')) {
    const pkg = played.findIndex((t) => t.kind === 'scorm');
    if (learner.aim === 'fail' && pkg >= 0 && random.chance(0.5)) packageScores[pkg] = 50;
    const want = learner.aim === 'pass';
    for (let i = 0; i < right.length && outcome().passed !== want; i++)
      for (let j = 0; j < right[i]!.length && outcome().passed !== want; j++) right[i]![j] = want;
    if (!want && outcome().passed && pkg >= 0) packageScores[pkg] = 50;
  }

  const prefix = `a${attempt}:`;
  const firstEvent = out.events.length;
  out.events.push(event(a, null, 'launched', `{"attempt":${attempt},"version":1}`, `${prefix}launched`));
  const state: Record<string, TopicState> = {};
  for (let i = 0; i < topics.length; i++) {
    const topic = topics[i]!;
    if (i >= limit) {
      if (topic.kind === 'questions') state[String(topic.id)] = { questions: topic.questions.map((q) => q.id) };
      continue;
    }
    const progress = Math.round(((i + 1) / topics.length) * 100);
    const key = `${prefix}t${topic.id}`;
    if (topic.kind === 'questions') {
      const ts = answerTopic(random, a, topic, right[i]!, attempt, prefix, out);
      state[String(topic.id)] = ts;
      out.events.push(event(a, topic.id, 'progressed', `{"score":${ts.score},"progress":${progress}}`, key));
    } else if (topic.kind === 'scorm') {
      const score = packageScores[i]!;
      const passed = score >= course.passingScore;
      state[String(topic.id)] = {
        done: 1,
        score,
        scorm: { cmi: scormCmi(topic, score, passed), sequence: 5 },
        ...(passed ? {} : { failed: 1 as const }),
      };
      out.events.push(
        event(a, topic.id, 'progressed', `{"score":${score},"failed":${!passed},"progress":${progress}}`, key),
      );
    } else if (topic.kind === 'document') {
      state[String(topic.id)] = { done: 1 };
      out.events.push(
        event(a, topic.id, 'acknowledged', `{"acknowledged_at":"","ip":"${learner.ip}","progress":${progress}}`, key),
      );
    } else {
      state[String(topic.id)] = { done: 1 };
      out.events.push(event(a, topic.id, 'progressed', `{"progress":${progress}}`, key));
    }
  }
  const finished = limit >= topics.length;
  const { score, passed } = outcome();
  if (finished) {
    const name = passed ? 'completed' : 'failed';
    out.events.push(event(a, null, name, `{"score":${score},"attempt":${attempt},"version":1}`, `${prefix}${name}`));
  }
  play.marks.push(firstEvent, out.events.length - 1);
  play.attempts.push({
    id: 0,
    company_id: a.companyId,
    user_id: a.person.id,
    assignment_id: a.id,
    course_id: course.id,
    course_version_id: course.versionId,
    attempt,
    status: finished ? (passed ? 'passed' : 'failed') : 'in_progress',
    score: finished ? score : null,
    state: JSON.stringify({ base: 0, topics: state }),
    started_at: '',
    finished_at: null,
    updated_at: '',
  });
  return finished ? { score, passed } : null;
}

/** The CMI data a demo package commits last: its place, its score and its status (as the player stores it). */
function scormCmi(topic: SeededTopic, score: number, passed: boolean): Record<string, unknown> {
  const suspend = '{"page":4}';
  if (topic.scormVersion === '2004')
    return {
      location: '4',
      suspend_data: suspend,
      completion_status: 'completed',
      success_status: passed ? 'passed' : 'failed',
      exit: passed ? 'normal' : 'suspend',
      score: { raw: String(score), min: '0', max: '100', scaled: String(score / 100) },
    };
  return {
    core: {
      lesson_location: '4',
      lesson_status: passed ? 'passed' : 'failed',
      exit: passed ? '' : 'suspend',
      score: { raw: String(score), min: '0', max: '100' },
    },
    suspend_data: suspend,
  };
}

// Literal objects, not spreads: V8 builds spread copies several times slower, and there are ~400k rows.
// Times are set once the assignment's events are all known (Play.timeEvents).
function event(
  a: PlannedAssignment,
  topicId: number | null,
  name: string,
  data: string | null,
  stepKey: string,
): Event {
  return {
    company_id: a.companyId,
    user_id: a.person.id,
    course_id: a.course.id,
    assignment_id: a.id,
    topic_id: topicId,
    event: name,
    data,
    step_key: stepKey,
    created_at: '',
  };
}

/** Answers a questions topic's questions in order, right or wrong as given: each an answer row and its `answered` event. */
function answerTopic(
  random: Random,
  a: PlannedAssignment,
  topic: SeededTopic,
  right: readonly boolean[],
  attempt: number,
  prefix: string,
  out: ActivityRows,
): TopicState {
  let count = 0;
  const answers: Record<string, { choices: number[]; correct: 0 | 1 }> = {};
  topic.questions.forEach((question, i) => {
    const isCorrect = right[i]!;
    const answer = isCorrect
      ? question.correct
      : (question.correct + random.int(1, question.options - 1)) % question.options;
    if (isCorrect) count += 1;
    answers[String(question.id)] = { choices: [answer], correct: isCorrect ? 1 : 0 };
    out.answers.push({
      company_id: a.companyId,
      user_id: a.person.id,
      assignment_id: a.id,
      course_id: a.course.id,
      topic_id: topic.id,
      question_id: question.id,
      answer,
      choices: `[${answer}]`,
      correct: isCorrect ? 1 : 0,
      attempt,
      created_at: '',
    });
    out.events.push(
      event(
        a,
        topic.id,
        'answered',
        `{"attempt":${attempt},"choices":[${answer}],"correct":${isCorrect}}`,
        `${prefix}q${question.id}`,
      ),
    );
    out.answerEvents.push(out.events.length - 1);
  });
  const questions = topic.questions.map((q) => q.id);
  const score = questions.length === 0 ? 100 : Math.round((100 * count) / questions.length);
  return { done: 1, score, questions, answers };
}
