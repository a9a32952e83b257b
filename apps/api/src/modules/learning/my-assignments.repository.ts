import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface MyAssignmentRow {
  id: number;
  course_id: number;
  course_name: string;
  course_description: string | null;
  duration_minutes: number | null;
  passing_score: number | null;
  status: string;
  assigned_at: string;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  progress: number;
  score: number | null;
  expires_at: string | null;
  last_attempt: number | null;
  last_attempt_status: string | null;
}

export interface MyCompletionRow {
  id: number;
  course_id: number;
  course_name: string;
  passing_score: number | null;
  completed_at: string;
  score: number | null;
  expires_at: string | null;
}

const latestAttempt = (eb: ExpressionBuilder<Database & { a: { id: number } }, 'a'>) =>
  eb.selectFrom('course_attempts as t').whereRef('t.assignment_id', '=', 'a.id').orderBy('t.attempt', 'desc').limit(1);

/**
 * One learner's current assignments: of each course, the assignment made last (a recertification's
 * renewal replaces the one it renews; the later id wins a tie). The learner's rows come through the
 * (user_id, course_id, status) index, ranked per course by a window over those few rows only: a
 * correlated "no later one" probe would let the planner walk a course's assignments company-wide.
 * Always inside the tenant.
 */
export function findCurrentAssignments(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<MyAssignmentRow[]> {
  const ranked = db
    .selectFrom('assignments')
    .select([
      'id',
      'course_id',
      'status',
      'assigned_at',
      'due_at',
      'started_at',
      'completed_at',
      'progress',
      'score',
      'expires_at',
      (eb) =>
        eb.fn
          .agg<number>('row_number', [])
          .over((over) => over.partitionBy('course_id').orderBy('assigned_at', 'desc').orderBy('id', 'desc'))
          .as('rank'),
    ])
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .as('a');
  return (
    db
      .selectFrom(ranked)
      .innerJoin('courses as c', 'c.id', 'a.course_id')
      .select([
        'a.id',
        'a.course_id',
        'c.name as course_name',
        'c.description as course_description',
        'c.duration_minutes',
        'c.passing_score',
        'a.status',
        'a.assigned_at',
        'a.due_at',
        'a.started_at',
        'a.completed_at',
        'a.progress',
        'a.score',
        'a.expires_at',
        // The latest attempt: the top of the unique (assignment_id, attempt) index.
        (eb) => latestAttempt(eb).select('t.attempt').as('last_attempt'),
        (eb) => latestAttempt(eb).select('t.status').as('last_attempt_status'),
      ])
      .where('a.rank', '=', 1)
      // A withdrawn (inactive) course leaves My Courses unless the learner has begun or completed it.
      .where((eb) =>
        eb.or([eb('c.active', '=', 1), eb('a.started_at', 'is not', null), eb('a.completed_at', 'is not', null)]),
      )
      .execute()
  );
}

/** One learner's completed assignments (each completion, renewals included), inside the tenant. */
const completionsOf = (db: Kysely<Database>, companyId: number, userId: number) =>
  db
    .selectFrom('assignments')
    .where('assignments.user_id', '=', userId)
    .where('assignments.company_id', '=', companyId)
    .where('assignments.completed_at', 'is not', null);

/** One page of a learner's completions, newest first, in the order of the (user_id, completed_at) index (022). */
export async function findCompletions(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  page: { limit: number; offset: number },
): Promise<MyCompletionRow[]> {
  const rows = await completionsOf(db, companyId, userId)
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .select([
      'assignments.id',
      'assignments.course_id',
      'courses.name as course_name',
      'courses.passing_score',
      'assignments.completed_at',
      'assignments.score',
      'assignments.expires_at',
    ])
    .orderBy('assignments.completed_at', 'desc')
    .orderBy('assignments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows as MyCompletionRow[];
}

export async function countCompletions(db: Kysely<Database>, companyId: number, userId: number): Promise<number> {
  const row = await completionsOf(db, companyId, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
