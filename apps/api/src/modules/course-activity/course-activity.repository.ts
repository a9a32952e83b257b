import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type TimeRange, containsPattern } from '../audit-logs/index.ts';

export interface CourseActivityCriteria {
  companyId: number;
  userIds?: number[];
  courseIds?: number[];
  events?: string[];
  created?: TimeRange;
  /** Part of the learner's name, username or e-mail. */
  text?: string;
}

/**
 * One page of a company's course events by master_id (the row's id, the order they were written),
 * after the cursor, with the learner, course and topic. The company's `(company_id, …, master_id)`
 * indexes (migrations 002 and 032) give the order under each filter.
 */
export async function listCourseActivityRows(
  db: Kysely<Database>,
  c: CourseActivityCriteria,
  order: 'asc' | 'desc',
  after: number | undefined,
  limit: number,
) {
  const text = c.text ? containsPattern(c.text) : undefined;
  return db
    .selectFrom('course_activity as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .leftJoin('topics as t', 't.id', 'a.topic_id')
    .select([
      'a.master_id',
      'a.created_at',
      'a.user_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'a.course_id',
      'c.name as course_name',
      'a.topic_id',
      't.name as topic_name',
      'a.assignment_id',
      'a.event',
      'a.data',
    ])
    .where('a.company_id', '=', c.companyId)
    .$if(c.userIds !== undefined, (q) => q.where('a.user_id', 'in', c.userIds!))
    .$if(c.courseIds !== undefined, (q) => q.where('a.course_id', 'in', c.courseIds!))
    .$if(c.events !== undefined, (q) => q.where('a.event', 'in', c.events!))
    .$if(c.created?.from !== undefined, (q) => q.where('a.created_at', '>=', c.created!.from!))
    .$if(c.created?.to !== undefined, (q) => q.where('a.created_at', '<=', c.created!.to!))
    .$if(text !== undefined, (q) =>
      q.where((eb) =>
        eb.or(
          ['u.username', 'u.email', 'u.first_name', 'u.last_name'].map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${text} escape '\\'`,
          ),
        ),
      ),
    )
    .$if(after !== undefined, (q) => q.where('a.master_id', order === 'asc' ? '>' : '<', after!))
    .orderBy('a.master_id', order)
    .limit(limit)
    .execute();
}
export type CourseActivityRow = Awaited<ReturnType<typeof listCourseActivityRows>>[number];
