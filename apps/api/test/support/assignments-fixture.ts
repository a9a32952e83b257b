import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { createCourseRow } from './courses-fixture.ts';
import { createCompany, createDepartment, createUser } from './factories.ts';

/**
 * Company A: departments Ops (with Ops East under it) and Sales; `a.cm`, `a.dm` (manages Ops),
 * `a.reviewer` (in Ops); learners in each department and none. Company B: `b.dm` and one learner.
 * Courses: `Fire Safety` (every company), `Ethics` (A's), `Beta Only` (B's), `Retired` (A's, inactive).
 * The vendor company holds the site admin `root`.
 */
export type LearnerName = 'ops1' | 'ops2' | 'east1' | 'sales1' | 'sales2' | 'nodept' | 'b1';

export interface AssignmentsWorld {
  companyA: number;
  companyB: number;
  ops: number;
  opsEast: number;
  sales: number;
  /** Learners of A by name: ops1, ops2, east1, sales1, sales2, nodept; B: b1. */
  learners: Record<LearnerName, number>;
  actors: Record<'cm' | 'dm' | 'reviewer' | 'root' | 'bdm', number>;
  courses: { fire: number; ethics: number; betaOnly: number; retired: number };
}

export async function createAssignmentsWorld(db: Kysely<Database>): Promise<AssignmentsWorld> {
  const vendor = await createCompany(db, { name: 'Heed' });
  const a = await createCompany(db, { name: 'Alpha' });
  const b = await createCompany(db, { name: 'Beta' });
  const ops = await createDepartment(db, a.id, 'Ops');
  const opsEast = await createDepartment(db, a.id, 'Ops East', ops.id);
  const sales = await createDepartment(db, a.id, 'Sales');
  const root = await createUser(db, { companyId: vendor.id, siteAdmin: true, role: 1, username: 'root' });
  const cm = await createUser(db, {
    companyId: a.id,
    role: 1,
    username: 'a.cm',
    firstName: 'Cora',
    lastName: 'Manning',
  });
  const dm = await createUser(db, { companyId: a.id, role: 2, username: 'a.dm', departmentId: ops.id });
  const reviewer = await createUser(db, { companyId: a.id, role: 3, username: 'a.reviewer', departmentId: ops.id });
  const bdm = await createUser(db, { companyId: b.id, role: 2, username: 'b.dm' });
  const learner = async (
    username: string,
    first: string,
    last: string,
    departmentId: number | null,
    companyId = a.id,
  ) => (await createUser(db, { companyId, username, firstName: first, lastName: last, departmentId })).id;
  const learners = {
    ops1: await learner('ops1', 'Olive', 'Abbott', ops.id),
    ops2: await learner('ops2', 'Oscar', 'Zane', ops.id),
    east1: await learner('east1', 'Erin', 'Moss', opsEast.id),
    sales1: await learner('sales1', 'Sam', 'Baker', sales.id),
    sales2: await learner('sales2', 'Sara', 'Young', sales.id),
    nodept: await learner('nodept', 'Nia', 'Cole', null),
    b1: await learner('b1', 'Bea', 'Hill', null, b.id),
  };
  const courses = {
    fire: await createCourseRow(db, { name: 'Fire Safety', allCompanies: true, recertifyMonths: 12 }),
    ethics: await createCourseRow(db, { name: 'Ethics', companyIds: [a.id] }),
    betaOnly: await createCourseRow(db, { name: 'Beta Only', companyIds: [b.id] }),
    retired: await createCourseRow(db, { name: 'Retired', companyIds: [a.id], active: false }),
  };
  return {
    companyA: a.id,
    companyB: b.id,
    ops: ops.id,
    opsEast: opsEast.id,
    sales: sales.id,
    learners,
    actors: { cm: cm.id, dm: dm.id, reviewer: reviewer.id, root: root.id, bdm: bdm.id },
    courses,
  };
}

export interface AssignmentRowFixture {
  companyId: number;
  userId: number;
  courseId: number;
  status?: string;
  source?: string;
  assignedBy?: number | null;
  assignedAt?: string;
  dueAt?: string | null;
  startedAt?: string | null;
  completedAt?: string | null;
  progress?: number;
  score?: number | null;
  expiresAt?: string | null;
}

export async function insertAssignment(db: Kysely<Database>, f: AssignmentRowFixture): Promise<number> {
  const assignedAt = f.assignedAt ?? '2026-01-10T08:00:00.000Z';
  const { id } = await db
    .insertInto('assignments')
    .values({
      company_id: f.companyId,
      user_id: f.userId,
      course_id: f.courseId,
      status: f.status ?? 'not_started',
      source: f.source ?? 'manual',
      rule_id: null,
      assigned_by: f.assignedBy ?? null,
      assigned_at: assignedAt,
      due_at: f.dueAt ?? null,
      started_at: f.startedAt ?? null,
      completed_at: f.completedAt ?? null,
      progress: f.progress ?? 0,
      score: f.score ?? null,
      recertify_months: null,
      expires_at: f.expiresAt ?? null,
      created_at: assignedAt,
      updated_at: assignedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Learners `learner0…` of the company, named and placed by their number; their ids in that order. */
export async function createLearners(
  db: Kysely<Database>,
  companyId: number,
  count: number,
  person: (i: number) => { firstName: string; lastName: string; departmentId?: number | null },
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await createUser(db, { companyId, username: `learner${i}`, ...person(i) })).id);
  return ids;
}

/** Assignment rows as the table holds them, a few hundred a statement. */
export async function insertAssignmentRows(
  db: Kysely<Database>,
  rows: Parameters<ReturnType<Kysely<Database>['insertInto']>['values']>[0][],
): Promise<void> {
  for (let at = 0; at < rows.length; at += 200)
    await db
      .insertInto('assignments')
      .values(rows.slice(at, at + 200) as never)
      .execute();
}
