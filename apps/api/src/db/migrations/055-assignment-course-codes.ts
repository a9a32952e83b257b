import type { Kysely } from 'kysely';
import { rebuildIndex } from './helpers.ts';

/**
 * A status within one course (issue 16, decision 099): `assignments_company_course` was `(company_id,
 * course_id, status)`, and the list codes' index `(company_id, list_code, due_at, id)` holds no course,
 * so "overdue in one course" read each of the course's rows from the table (1.2–1.6 s for page 200
 * at 10M). Now `(company_id, course_id, list_code, due_at, id, status)`: a status's rows in one course
 * are one range in due date order, read from the index alone. Its prefix still serves the course's
 * assignment counts and the loose scan of a company's courses.
 */
const NAME = 'assignments_company_course';

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildIndex(db, NAME, 'assignments', ['company_id', 'course_id', 'list_code', 'due_at', 'id', 'status']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildIndex(db, NAME, 'assignments', ['company_id', 'course_id', 'status']);
}
