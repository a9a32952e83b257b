import type { Insertable } from 'kysely';
import type { Database } from '../types.ts';
import type { PlannedAssignment } from './demo-assignments.ts';
import { DemoClock } from './demo-clock.ts';
import type { Random } from './prng.ts';

type Event = Insertable<Database['course_activity']>;
type Answer = Insertable<Database['question_answers']>;

export interface ActivityRows {
  events: Event[];
  answers: Answer[];
}

/**
 * Plays each started assignment through the course player: launched, one topic after another
 * (progressed, answered), and for completed ones quiz attempts until the passing score, then
 * completed and certificate_issued. Sets each assignment's progress and score from the answers.
 */
export function simulateActivity(random: Random, assignments: readonly PlannedAssignment[], out: ActivityRows): void {
  for (const a of assignments) {
    if (a.startedMs === null) continue;
    const topics = a.course.topics;
    const done = a.completedMs !== null ? topics.length : random.int(0, topics.length - 1);
    const endMs = a.completedMs ?? a.startedMs + 20 * 60_000 * Math.max(done, 1);
    const step = (endMs - a.startedMs) / (done * 2 + 2);
    const skill = 0.55 + ((a.person.id * 37) % 40) / 100;
    let t = a.startedMs;
    const at = () => new Date(Math.round(t)).toISOString();
    out.events.push(event(a, null, 'launched', null, at()));

    let attempt = 1;
    let correct = 0;
    let total = 0;
    for (let i = 0; i < done; i++) {
      const topic = topics[i]!;
      t += step;
      const progress = Math.round(((i + 1) / topics.length) * 100);
      out.events.push(event(a, topic.id, 'progressed', { progress }, at()));
      t += step;
      const result = answerTopic(random, a, topic, skill, attempt, at(), out.answers);
      correct += result;
      total += topic.questions.length;
      out.events.push(
        event(a, topic.id, 'answered', { attempt, correct: result, total: topic.questions.length }, at()),
      );
    }
    a.progress = a.completedMs !== null ? 100 : Math.max(5, Math.round((done / topics.length) * 100));
    if (a.completedMs === null) continue;

    // Retake the whole quiz (up to three attempts) until the passing score is reached.
    let score = Math.round((correct / total) * 100);
    while (score < a.course.passingScore && attempt < 3) {
      attempt += 1;
      correct = 0;
      t += step;
      for (const topic of a.course.topics)
        correct += answerTopic(random, a, topic, Math.min(0.97, skill + 0.15 * attempt), attempt, at(), out.answers);
      score = Math.round((correct / total) * 100);
    }
    a.score = Math.max(score, a.course.passingScore);
    t = a.completedMs;
    out.events.push(event(a, null, 'completed', { score: a.score, attempts: attempt }, at()));
    const expires =
      a.recertifyMonths === null
        ? null
        : new Date(a.completedMs + DemoClock.monthsToDays(a.recertifyMonths) * 86_400_000).toISOString();
    t += 60_000;
    out.events.push(event(a, null, 'certificate_issued', { expires_at: expires }, at()));
  }
}

// Literal objects, not spreads: V8 builds spread copies several times slower, and there are ~400k rows.
function event(
  a: PlannedAssignment,
  topicId: number | null,
  name: string,
  data: object | null,
  createdAt: string,
): Event {
  return {
    company_id: a.companyId,
    user_id: a.person.id,
    course_id: a.course.id,
    assignment_id: a.id,
    topic_id: topicId,
    event: name,
    data: data === null ? null : JSON.stringify(data),
    created_at: createdAt,
  };
}

function answerTopic(
  random: Random,
  a: PlannedAssignment,
  topic: PlannedAssignment['course']['topics'][number],
  skill: number,
  attempt: number,
  createdAt: string,
  answers: Answer[],
): number {
  let correct = 0;
  for (const question of topic.questions) {
    const isCorrect = random.chance(skill);
    const answer = isCorrect
      ? question.correct
      : (question.correct + random.int(1, question.options - 1)) % question.options;
    if (isCorrect) correct += 1;
    answers.push({
      company_id: a.companyId,
      user_id: a.person.id,
      assignment_id: a.id,
      course_id: a.course.id,
      topic_id: topic.id,
      question_id: question.id,
      answer,
      correct: isCorrect ? 1 : 0,
      attempt,
      created_at: createdAt,
    });
  }
  return correct;
}
