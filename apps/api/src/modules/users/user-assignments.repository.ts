import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export interface UserAssignmentRow {
  id: number;
  course_id: number;
  course_name: string;
  status: string;
  progress: number;
  source: string;
  rule_id: number | null;
  rule_name: string | null;
  assigned_at: string;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  score: number | null;
  expires_at: string | null;
}

/** A user's assignments (the (user_id, …) index finds them), always inside the tenant. */
const ofUser = (db: Kysely<Database>, companyId: number, userId: number) =>
  db
    .selectFrom('assignments')
    .where('assignments.user_id', '=', userId)
    .where('assignments.company_id', '=', companyId);

/** One page of a user's assignments, newest first, with course and rule names. */
export function findUserAssignments(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  page: { limit: number; offset: number },
): Promise<UserAssignmentRow[]> {
  return ofUser(db, companyId, userId)
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .leftJoin('assignment_rules', 'assignment_rules.id', 'assignments.rule_id')
    .select([
      'assignments.id',
      'assignments.course_id',
      'courses.name as course_name',
      'assignments.status',
      'assignments.progress',
      'assignments.source',
      'assignments.rule_id',
      'assignment_rules.name as rule_name',
      'assignments.assigned_at',
      'assignments.due_at',
      'assignments.started_at',
      'assignments.completed_at',
      'assignments.score',
      'assignments.expires_at',
    ])
    .orderBy('assignments.assigned_at', 'desc')
    .orderBy('assignments.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUserAssignments(db: Kysely<Database>, companyId: number, userId: number): Promise<number> {
  const row = await ofUser(db, companyId, userId)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
