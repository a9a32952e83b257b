import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { createCompany, createUser } from './factories.ts';

const stamp = '2026-01-01T00:00:00.000Z';

export interface CourseRowFixture {
  name: string;
  categoryId?: number | null;
  description?: string | null;
  durationMinutes?: number;
  passingScore?: number;
  recertifyMonths?: number | null;
  active?: boolean;
  allCompanies?: boolean;
  companyIds?: number[];
  createdAt?: string;
  /** Topic kinds, one topic each (a questions topic gets one single-choice question). */
  topics?: ('text' | 'questions')[];
}

/** A course written straight to the database, with its company links and topics. */
export async function createCourseRow(db: Kysely<Database>, fixture: CourseRowFixture): Promise<number> {
  const { id } = await db
    .insertInto('courses')
    .values({
      name: fixture.name,
      category_id: fixture.categoryId ?? null,
      description: fixture.description ?? null,
      duration_minutes: fixture.durationMinutes ?? 30,
      passing_score: fixture.passingScore ?? 80,
      recertify_months: fixture.recertifyMonths ?? null,
      attempts_allowed: null,
      active: fixture.active === false ? 0 : 1,
      all_companies: fixture.allCompanies ? 1 : 0,
      thumbnail_path: null,
      created_at: fixture.createdAt ?? stamp,
      updated_at: fixture.createdAt ?? stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fixture.companyIds?.length)
    await db
      .insertInto('course_companies')
      .values(fixture.companyIds.map((company_id) => ({ course_id: id, company_id })))
      .execute();
  for (const [index, kind] of (fixture.topics ?? []).entries()) {
    const topic = await db
      .insertInto('topics')
      .values({ course_id: id, name: `Topic ${index + 1}`, content: '<p>Read this.</p>', position: index + 1, kind })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (kind === 'questions')
      await db
        .insertInto('questions')
        .values({
          topic_id: topic.id,
          prompt: 'Pick one',
          options: JSON.stringify([
            { text: 'Yes', correct: true, feedback: null },
            { text: 'No', correct: false, feedback: null },
          ]),
          correct_option: 0,
          position: 1,
          type: 'single',
        })
        .execute();
  }
  return id;
}

export async function createCategoryRow(db: Kysely<Database>, name: string, parentId: number | null = null) {
  const { id } = await db
    .insertInto('course_categories')
    .values({ name, parent_id: parentId, created_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An assignment of the course to a new learner of the company. */
export async function assignCourse(db: Kysely<Database>, companyId: number, courseId: number) {
  const user = await createUser(db, { companyId, role: 0 });
  const { id } = await db
    .insertInto('assignments')
    .values({
      company_id: companyId,
      user_id: user.id,
      course_id: courseId,
      status: 'assigned',
      source: 'manual',
      assigned_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { assignmentId: id, userId: user.id };
}

export interface CatalogWorld {
  vendor: number;
  companyA: number;
  companyB: number;
}

/** A vendor with the site admin `root`; company A with `a.cm`, `a.dm`, `a.reviewer`, `a.student`; company B with `b.dm`. */
export async function createCatalogWorld(db: Kysely<Database>): Promise<CatalogWorld> {
  const vendor = await createCompany(db, { name: 'Heed' });
  const a = await createCompany(db, { name: 'Alpha' });
  const b = await createCompany(db, { name: 'Beta' });
  await createUser(db, { companyId: vendor.id, siteAdmin: true, role: 1, username: 'root' });
  await createUser(db, { companyId: a.id, role: 1, username: 'a.cm' });
  await createUser(db, { companyId: a.id, role: 2, username: 'a.dm' });
  await createUser(db, { companyId: a.id, role: 3, username: 'a.reviewer' });
  await createUser(db, { companyId: a.id, role: 0, username: 'a.student' });
  await createUser(db, { companyId: b.id, role: 2, username: 'b.dm' });
  return { vendor: vendor.id, companyA: a.id, companyB: b.id };
}
