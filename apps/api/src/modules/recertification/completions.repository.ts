import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Keeps the proof of a completion (migration 035): the assignment as it stands once completed,
 * copied into the append-only history in the completing transaction. A replay of the same
 * completion (same assignment, same completed_at) adds nothing.
 */
export async function recordCompletion(db: Db, assignmentId: number, now: string): Promise<void> {
  await db
    .insertInto('completions')
    .columns([
      'company_id',
      'user_id',
      'course_id',
      'assignment_id',
      'course_version_id',
      'completed_at',
      'score',
      'expires_at',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('assignments')
        .select([
          'company_id',
          'user_id',
          'course_id',
          'id',
          'course_version_id',
          'completed_at',
          'score',
          'expires_at',
          eb.val(now).as('created_at'),
        ])
        .where('id', '=', assignmentId)
        .where('completed_at', 'is not', null),
    )
    .onConflict((oc) => oc.columns(['assignment_id', 'completed_at']).doNothing())
    .execute();
}

export interface CompletionRow {
  id: number;
  assignment_id: number;
  course_id: number;
  course_name: string | null;
  course_version_id: number | null;
  completed_at: string;
  score: number | null;
  expires_at: string | null;
  renewal_days: number | null;
  grace_days: number | null;
}

export interface CompletionsPick {
  companyId: number;
  userId: number;
  courseId?: number;
}

/** How many completions a learner has (of one course, or all). */
export async function countCompletions(db: Db, pick: CompletionsPick): Promise<number> {
  const row = await db
    .selectFrom('completions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', pick.companyId)
    .where('user_id', '=', pick.userId)
    .$if(pick.courseId !== undefined, (qb) => qb.where('course_id', '=', pick.courseId!))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One learner's completions in a company, newest first, one page. */
export function listCompletions(
  db: Db,
  input: CompletionsPick & { offset: number; limit: number },
): Promise<CompletionRow[]> {
  return db
    .selectFrom('completions')
    .leftJoin('courses', 'courses.id', 'completions.course_id')
    .select([
      'completions.id',
      'completions.assignment_id',
      'completions.course_id',
      'courses.name as course_name',
      'completions.course_version_id',
      'completions.completed_at',
      'completions.score',
      'completions.expires_at',
      'courses.renewal_days',
      'courses.grace_days',
    ])
    .where('completions.company_id', '=', input.companyId)
    .where('completions.user_id', '=', input.userId)
    .$if(input.courseId !== undefined, (qb) => qb.where('completions.course_id', '=', input.courseId!))
    .orderBy('completions.completed_at', 'desc')
    .orderBy('completions.id', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
}

/**
 * Once a renewal assignment completes, the assignment it renews becomes history (decision 081): its
 * stored status goes from `completed` to `renewed`, which every report index holds, so reports, the
 * list and the open checks leave it out without a table lookup. Guarded on `completed`: a replay
 * changes nothing. The id renewed, or undefined.
 */
export async function markRenewed(db: Db, assignmentId: number, now: string): Promise<number | undefined> {
  const renewal = await db
    .selectFrom('assignments')
    .select('renews_assignment_id')
    .where('id', '=', assignmentId)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  const renewed = renewal?.renews_assignment_id;
  if (!renewed) return undefined;
  const result = await db
    .updateTable('assignments')
    .set({ status: 'renewed', updated_at: now })
    .where('id', '=', renewed)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? renewed : undefined;
}
