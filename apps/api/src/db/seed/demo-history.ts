import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { type PlannedAssignment, statusOf } from './demo-assignments.ts';
import { type ActivityRows, simulateActivity } from './demo-activity.ts';
import { DemoClock } from './demo-clock.ts';
import type { Random } from './prng.ts';
import { type IdAllocator, insertMany, withIndexesRebuilt } from './seed-db.ts';

export const byTime = (a: { created_at: string }, b: { created_at: string }) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Assignments in the order they were made (so ids follow time), then the course activity, answers,
 * attempts and certificates they led to.
 */
export async function writeHistory(
  db: Kysely<Database>,
  ids: IdAllocator,
  random: Random,
  clock: DemoClock,
  assignments: PlannedAssignment[],
): Promise<void> {
  assignments.sort((a, b) => a.assignedMs - b.assignedMs || a.person.id - b.person.id || a.course.id - b.course.id);
  for (const a of assignments) a.id = ids.next('assignments');
  const activity: ActivityRows = { events: [], answers: [], attempts: [], certificates: [], answerEvents: [] };
  simulateActivity(random, ids, assignments, activity);
  await insertMany(
    db,
    'assignments',
    assignments.map((a) => assignmentRow(a, clock)),
  );
  await withIndexesRebuilt(db, ['course_activity', 'question_answers'], async () => {
    await insertMany(db, 'course_activity', activity.events.sort(byTime));
    await insertMany(db, 'question_answers', activity.answers.sort(byTime));
  });
  await insertMany(db, 'course_attempts', activity.attempts);
  await insertMany(db, 'certificates', activity.certificates);
  await insertMany(
    db,
    'completions',
    assignments.flatMap((a) => completionRows(a, clock)),
  );
}

/** The completion history (migration 035): each completed assignment's one completion. */
function completionRows(a: PlannedAssignment, clock: DemoClock): Insertable<Database['completions']>[] {
  if (a.completedMs === null) return [];
  const row = assignmentRow(a, clock);
  return [
    {
      company_id: row.company_id,
      user_id: row.user_id,
      course_id: row.course_id,
      assignment_id: a.id,
      course_version_id: row.course_version_id ?? null,
      completed_at: row.completed_at!,
      score: row.score ?? null,
      expires_at: row.expires_at ?? null,
      created_at: row.completed_at!,
    },
  ];
}

function assignmentRow(a: PlannedAssignment, clock: DemoClock): Insertable<Database['assignments']> {
  const expires =
    a.completedMs !== null && a.recertifyMonths !== null
      ? a.completedMs + DemoClock.monthsToDays(a.recertifyMonths) * 86_400_000
      : null;
  return {
    id: a.id,
    company_id: a.companyId,
    user_id: a.person.id,
    course_id: a.course.id,
    status: statusOf(a, clock.today),
    source: a.source,
    rule_id: a.ruleId,
    assigned_by: a.assignedBy,
    assigned_at: iso(a.assignedMs)!,
    due_at: iso(a.dueMs),
    started_at: iso(a.startedMs),
    completed_at: iso(a.completedMs),
    progress: a.progress,
    score: a.score,
    recertify_months: a.recertifyMonths,
    expires_at: iso(expires),
    renews_assignment_id: a.renews?.id ?? null,
    course_version_id: a.courseVersionId,
    created_at: iso(a.assignedMs)!,
    updated_at: iso(a.completedMs ?? a.startedMs ?? a.assignedMs)!,
  };
}
