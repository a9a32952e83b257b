import type { RuleOutcome } from '@heed/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import {
  type LearnerPick,
  type PickPlan,
  excludedCondition,
  openAssignmentCondition,
  pickWhere,
} from '../assignments/index.ts';

/**
 * What a rule would do, pair by pair (learner × usable course), in one set-based query over the
 * users the conditions pick: protected (an exclusion of this rule), already assigned (an open or still
 * valid assignment, the create path's own test), or to assign.
 */
export interface PairQuery {
  pick: LearnerPick;
  courseIds: number[];
  /** The saved rule whose exclusions protect pairs (null for a draft). */
  ruleId: number | null;
  now: string;
}

function outcomeConditions(q: PairQuery) {
  const excluded = q.ruleId === null ? sql<SqlBool>`1 = 0` : excludedCondition(q.ruleId, 'users.id', 'courses.id');
  const open = openAssignmentCondition('users.id', 'courses.id', q.now);
  return { excluded, open };
}

/** The pairs in learner id order: the company's users walked through their pick index (migration 039). */
function pairs(db: Kysely<Database>, dialect: Dialect, q: PairQuery) {
  return db
    .selectFrom('users')
    .innerJoin('courses', (join) => join.on('courses.id', 'in', q.courseIds.length > 0 ? q.courseIds : [0]))
    .where(pickWhere(dialect, q.pick, 'shortWalk'));
}

/** Named users (a rule run for changed users) are looked up; a whole company is walked once. */
const walkOf = (pick: LearnerPick): PickPlan => (pick.onlyUserIds ? 'shortWalk' : 'companyWalk');

export async function countPickedLearners(db: Kysely<Database>, dialect: Dialect, pick: LearnerPick) {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(pickWhere(dialect, pick, walkOf(pick)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Up to this many picked learners, "already assigned" tests each open assignment against the picked
 * ids, built once into a set; above, against its learner's own row. At 1.8 million open assignments
 * of three courses the set costs about 1 µs a learner to build, the row look-ups about 0.3 µs an
 * assignment, so the set wins below a few hundred thousand learners (decision 078).
 */
const PICKED_SET_LEARNERS = 300_000;

/**
 * The counts of each outcome without visiting every pair: the pairs are learners × courses; those
 * already assigned are the distinct (learner, course) of the open assignments of the courses whose
 * learner the conditions pick (one pass over those assignments, in index order); the
 * protected are the rule's exclusions of picked learners. Pairs both protected and assigned count
 * as protected.
 */
export async function countOutcomes(db: Kysely<Database>, dialect: Dialect, q: PairQuery, learners?: number) {
  if (q.courseIds.length === 0) return { assign: 0, already_assigned: 0, protected: 0 };
  const picked = db
    .selectFrom('users')
    .select('users.id')
    .where(pickWhere(dialect, q.pick, walkOf(q.pick)));
  const learnerCount = learners ?? (await countPickedLearners(db, dialect, q.pick));
  const total = learnerCount * q.courseIds.length;
  // Read from assignments_company_course_user (migration 039) in (course, learner) order: distinct without a sort.
  const open = db
    .selectFrom('assignments as a')
    .select(['a.user_id', 'a.course_id'])
    .distinct()
    .where('a.company_id', '=', q.pick.companyId)
    .where('a.course_id', 'in', q.courseIds)
    .where(sql<SqlBool>`(a.status NOT IN ('completed', 'renewed') OR a.expires_at IS NULL OR a.expires_at > ${q.now})`)
    .where((eb) =>
      learnerCount <= PICKED_SET_LEARNERS
        ? eb('a.user_id', 'in', picked)
        : eb.exists(
            eb
              .selectFrom('users')
              .select(sql<number>`1`.as('one'))
              .whereRef('users.id', '=', 'a.user_id')
              .where(pickWhere(dialect, q.pick, 'companyWalk')),
          ),
    )
    .$if(q.ruleId !== null, (qb) =>
      qb.where(({ not }) => not(excludedCondition(q.ruleId!, 'a.user_id', 'a.course_id'))),
    );
  const already = await db
    .selectFrom(open.as('pairs'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let isProtected = 0;
  if (q.ruleId !== null) {
    const row = await db
      .selectFrom('assignment_rule_exclusions as ex')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ex.rule_id', '=', q.ruleId)
      .where('ex.course_id', 'in', q.courseIds)
      .where('ex.user_id', 'in', picked)
      .executeTakeFirstOrThrow();
    isProtected = Number(row.n);
  }
  const alreadyAssigned = Number(already.n);
  return {
    assign: Math.max(0, total - alreadyAssigned - isProtected),
    already_assigned: alreadyAssigned,
    protected: isProtected,
  };
}

function outcomeWhere(q: PairQuery, outcome: RuleOutcome): Expression<SqlBool> {
  const { excluded, open } = outcomeConditions(q);
  if (outcome === 'protected') return excluded;
  if (outcome === 'already_assigned') return sql<SqlBool>`NOT ${excluded} AND ${open}`;
  return sql<SqlBool>`NOT ${excluded} AND NOT ${open}`;
}

/** A page of the pairs with one outcome, by learner id then course. */
export function listOutcomePairs(
  db: Kysely<Database>,
  dialect: Dialect,
  q: PairQuery,
  outcome: RuleOutcome,
  page: { limit: number; offset: number },
) {
  // The protected are few: found from the rule's exclusions, not by walking every pair.
  const base =
    outcome === 'protected' && q.ruleId !== null
      ? db
          .selectFrom('assignment_rule_exclusions as ex')
          .innerJoin('users', 'users.id', 'ex.user_id')
          .innerJoin('courses', 'courses.id', 'ex.course_id')
          .where('ex.rule_id', '=', q.ruleId)
          .where('ex.course_id', 'in', q.courseIds.length > 0 ? q.courseIds : [0])
          .where(pickWhere(dialect, q.pick))
      : pairs(db, dialect, q).where(outcomeWhere(q, outcome));
  return base
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select([
      'users.id as user_id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.department_id',
      'departments.name as department_name',
      'courses.id as course_id',
      'courses.name as course_name',
    ])
    .orderBy('users.id')
    .orderBy('courses.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

const openOfRule = (db: Kysely<Database>, companyId: number, ruleId: number) =>
  db
    .selectFrom('assignments')
    .where('assignments.rule_id', '=', ruleId)
    .where('assignments.company_id', '=', companyId)
    .where('assignments.status', 'not in', ['completed', 'renewed']);

export async function countRuleOpenAssignments(db: Kysely<Database>, companyId: number, ruleId: number) {
  const row = await openOfRule(db, companyId, ruleId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the rule's open assignments (what "apply to the N existing assignments" changes). */
export function listRuleOpenAssignments(
  db: Kysely<Database>,
  companyId: number,
  ruleId: number,
  page: { limit: number; offset: number },
) {
  return openOfRule(db, companyId, ruleId)
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .select([
      'assignments.id',
      'assignments.assigned_at',
      'assignments.due_at',
      'users.id as user_id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'courses.id as course_id',
      'courses.name as course_name',
    ])
    .orderBy('assignments.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The distinct days the rule's open assignments were assigned on (each gets its own new due date). */
export async function findRuleOpenAssignedDays(db: Kysely<Database>, companyId: number, ruleId: number) {
  const rows = await openOfRule(db, companyId, ruleId)
    .select(sql<string>`substr(assignments.assigned_at, 1, 10)`.as('day'))
    .distinct()
    .execute();
  return rows.map((row) => row.day);
}

/** Sets the due date of the rule's open assignments assigned on `day`; returns how many changed. */
export async function setRuleOpenDueAt(
  db: Kysely<Database>,
  companyId: number,
  ruleId: number,
  day: string,
  dueAt: string | null,
  now: string,
) {
  const result = await db
    .updateTable('assignments')
    .set({ due_at: dueAt, updated_at: now })
    .where('rule_id', '=', ruleId)
    .where('company_id', '=', companyId)
    .where('status', 'not in', ['completed', 'renewed'])
    .where(sql<SqlBool>`substr(assigned_at, 1, 10) = ${day}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Assignments of a run that nobody started: not completed, never launched, no progress. */
const unstartedOfRun = (db: Kysely<Database>, runId: number) =>
  db
    .selectFrom('assignments')
    .where('assignments.rule_run_id', '=', runId)
    .where('assignments.status', '=', 'not_started')
    .where('assignments.started_at', 'is', null)
    .where('assignments.completed_at', 'is', null)
    .where('assignments.progress', '=', 0);

export async function countUnstartedOfRuns(db: Kysely<Database>, runIds: number[]) {
  if (runIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('assignments')
    .select(['assignments.rule_run_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('assignments.rule_run_id', 'in', runIds)
    .where('assignments.status', '=', 'not_started')
    .where('assignments.started_at', 'is', null)
    .where('assignments.completed_at', 'is', null)
    .where('assignments.progress', '=', 0)
    .groupBy('assignments.rule_run_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.rule_run_id), Number(row.n)]));
}

/** Removes exactly the run's unstarted assignments; returns how many. */
export async function deleteUnstartedOfRun(db: Kysely<Database>, runId: number) {
  const ids = (await unstartedOfRun(db, runId).select('assignments.id').execute()).map((row) => row.id);
  let removed = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const result = await db.deleteFrom('assignments').where('id', 'in', chunk).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** The open, unstarted assignments this rule made of a (learner, course) pair: what an exclusion removes. */
export async function deleteUnstartedOfPair(db: Kysely<Database>, ruleId: number, userId: number, courseId: number) {
  const result = await db
    .deleteFrom('assignments')
    .where('rule_id', '=', ruleId)
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('status', '=', 'not_started')
    .where('started_at', 'is', null)
    .where('progress', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
