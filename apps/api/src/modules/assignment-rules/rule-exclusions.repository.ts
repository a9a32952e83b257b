import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

export function findExclusion(db: Kysely<Database>, ruleId: number, id: number) {
  return db
    .selectFrom('assignment_rule_exclusions')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPairExclusion(db: Kysely<Database>, ruleId: number, userId: number, courseId: number) {
  return db
    .selectFrom('assignment_rule_exclusions')
    .select('id')
    .where('rule_id', '=', ruleId)
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

export async function insertExclusion(
  db: Kysely<Database>,
  values: { companyId: number; ruleId: number; userId: number; courseId: number; by: number | null; now: string },
) {
  const row = await db
    .insertInto('assignment_rule_exclusions')
    .values({
      company_id: values.companyId,
      rule_id: values.ruleId,
      user_id: values.userId,
      course_id: values.courseId,
      created_by: values.by,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteExclusion(db: Kysely<Database>, id: number) {
  await db.deleteFrom('assignment_rule_exclusions').where('id', '=', id).execute();
}

const listed = (db: Kysely<Database>) =>
  db
    .selectFrom('assignment_rule_exclusions as ex')
    .innerJoin('users', 'users.id', 'ex.user_id')
    .innerJoin('courses', 'courses.id', 'ex.course_id')
    .leftJoin('users as creator', 'creator.id', 'ex.created_by')
    .select([
      'ex.id',
      'ex.created_at',
      'ex.created_by',
      'users.id as user_id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'courses.id as course_id',
      'courses.name as course_name',
      'creator.first_name as creator_first',
      'creator.last_name as creator_last',
    ]);

export type ExclusionListRow = Awaited<ReturnType<typeof listExclusions>>['rows'][number];

export async function listExclusions(
  db: Kysely<Database>,
  companyId: number,
  ruleId: number,
  page: { limit: number; offset: number },
) {
  const total = await db
    .selectFrom('assignment_rule_exclusions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('rule_id', '=', ruleId)
    .executeTakeFirstOrThrow();
  const rows = await listed(db)
    .where('ex.company_id', '=', companyId)
    .where('ex.rule_id', '=', ruleId)
    .orderBy('ex.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export function findExclusionRow(db: Kysely<Database>, id: number) {
  return listed(db).where('ex.id', '=', id).executeTakeFirstOrThrow();
}
