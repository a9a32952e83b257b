import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { hintOffIndex } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { type PlanHint, type UserCriteria, criteriaWhere } from '../users/index.ts';

/**
 * The learners a selection picks, as the users list's own criteria: one for the people named, one
 * for the department subtrees, one for the custom field filter. Each carries the company and the
 * caller's scope; the learners are active users matching any of them.
 */
export interface LearnerPick {
  companyId: number;
  members: UserCriteria[];
  /** An assignment rule's conditions, in place of `members` (decision 066). */
  rule?: RulePick;
  /** Only these learners (a rule run for changed users). */
  onlyUserIds?: number[];
}

/**
 * A rule's conditions resolved to SQL-ready parts, plain JSON (a queued run carries it): each part
 * is one of the users list's criteria (possibly negated: "none of") or a date column from a moment on.
 */
export type PickPart =
  | { kind: 'criteria'; criteria: UserCriteria; negate?: boolean }
  | { kind: 'since'; column: 'hired_at' | 'created_at'; from: string };

export interface RulePick {
  match: 'all' | 'any';
  parts: PickPart[];
}

type UsersEb = ExpressionBuilder<Database, 'users'>;

/**
 * How a pick reads users: `plain` leaves the planner every index. The walks read the company's
 * active users through `users_company_pick` (company, suspended, id, and every column a rule
 * condition reads: migration 039) in id order, checking each condition on the entry: a rule's
 * conditions are often broad (a role, a large subtree), where the plain plan visits a table row per
 * match and sorts. `companyWalk` builds a custom field's holders once (a count over the company);
 * `shortWalk` looks each walked user's value up instead (a page, a chunk of ids, named users), as
 * building a field's holders costs a third of a second at a million users (decision 078).
 */
export type PickPlan = 'plain' | 'companyWalk' | 'shortWalk';

const WALK_HINTS: Record<PickPlan, PlanHint | undefined> = {
  plain: undefined,
  companyWalk: { mode: 'sortDriven', sortLead: 'id' },
  shortWalk: { mode: 'sortDriven', sortLead: 'id', probe: true },
};

function partWhere(dialect: Dialect, eb: UsersEb, part: PickPart, plan: PickPlan): Expression<SqlBool> {
  if (part.kind === 'since') {
    const column = `users.${part.column}`;
    return plan === 'plain'
      ? eb(`users.${part.column}`, '>=', part.from)
      : sql<SqlBool>`${hintOffIndex(dialect, column)} >= ${part.from}`;
  }
  const match = criteriaWhere(dialect, part.criteria, WALK_HINTS[plan])(eb as never);
  return part.negate ? eb.not(match) : match;
}

/** The learners of a pick: active users of the company matching its members (any) or its rule. */
export function pickWhere(dialect: Dialect, pick: LearnerPick, plan: PickPlan = 'plain') {
  return (eb: UsersEb): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [eb('users.company_id', '=', pick.companyId), eb('users.suspended', '=', 0)];
    if (pick.onlyUserIds)
      and.push(pick.onlyUserIds.length === 0 ? sql<SqlBool>`1 = 0` : eb('users.id', 'in', pick.onlyUserIds));
    if (pick.rule) {
      const parts = pick.rule.parts.map((part) => partWhere(dialect, eb, part, plan));
      if (parts.length === 0) and.push(sql<SqlBool>`1 = 0`);
      else and.push(pick.rule.match === 'all' ? eb.and(parts) : eb.or(parts));
    } else {
      const any = pick.members.map((member) => criteriaWhere(dialect, member)(eb as never));
      and.push(any.length === 0 ? sql<SqlBool>`1 = 0` : eb.or(any));
    }
    return eb.and(and);
  };
}

/**
 * The open-assignment test (never duplicate): the learner holds an assignment of the course that is
 * not completed, or completed and still valid (no expiry, or one ahead of `now`). The one place to
 * widen with recertification's renewal window.
 */
export function openAssignmentCondition(user: string, course: string, now: string) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM assignments open WHERE open.user_id = ${sql.ref(user)}
    AND open.course_id = ${sql.ref(course)}
    AND (open.status NOT IN ('completed', 'renewed') OR open.expires_at IS NULL OR open.expires_at > ${now}))`;
}

/** The pair is excluded from the rule by an administrator (an assignment_rule_exclusions row). */
export function excludedCondition(ruleId: number, user: string, course: string) {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM assignment_rule_exclusions ex WHERE ex.rule_id = ${ruleId}
    AND ex.user_id = ${sql.ref(user)} AND ex.course_id = ${sql.ref(course)})`;
}

/** How many active learners the pick holds. */
export async function countPicked(db: Kysely<Database>, dialect: Dialect, pick: LearnerPick): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(pickWhere(dialect, pick))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Up to `limit` picked learner ids after `afterId`, ascending: the bounds of the next chunk. */
export async function pickedIdsAfter(
  db: Kysely<Database>,
  dialect: Dialect,
  pick: LearnerPick,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where(pickWhere(dialect, pick, pick.rule ? 'shortWalk' : 'plain'))
    .where('users.id', '>', afterId)
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Of the given ids, how many are active users of the company in the caller's scope. */
export async function countNamedInScope(
  db: Kysely<Database>,
  dialect: Dialect,
  pick: LearnerPick,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const named = pick.members.find((member) => member.userIds !== undefined);
  if (!named) return 0;
  return countPicked(db, dialect, { companyId: pick.companyId, members: [named] });
}

/** The requested courses that exist, each with whether the company may use it now (active, and every company's or listed). */
export async function findCoursesFor(db: Kysely<Database>, companyId: number, courseIds: number[]) {
  const rows = await db
    .selectFrom('courses')
    .select([
      'courses.id',
      'courses.name',
      sql<number>`CASE WHEN courses.active = 1 AND (courses.all_companies = 1 OR EXISTS (SELECT 1 FROM course_companies cc
        WHERE cc.course_id = courses.id AND cc.company_id = ${companyId})) THEN 1 ELSE 0 END`.as('usable'),
    ])
    .where('courses.id', 'in', courseIds)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, usable: Number(row.usable) === 1 }));
}

export interface ChunkWrite {
  companyId: number;
  /** Who assigned (null: a rule run no person started, e.g. nightly). */
  actorId: number | null;
  now: string;
  dueAt: string | null;
  recertifyMonths: number | null;
  courseIds: number[];
  /** The chunk: picked learners with afterId < id <= throughId. */
  afterId: number;
  throughId: number;
  /** A rule run: source 'rule' with the rule and run, and the rule's exclusions left alone. */
  rule?: { ruleId: number; runId: number };
}

/**
 * One chunk, set-based: every (picked learner, course) pair without an open assignment of the course
 * gets one. Open: not completed, or completed and still valid (no expiry, or one still ahead).
 * Returns the rows inserted.
 */
export async function insertChunk(
  db: Kysely<Database>,
  dialect: Dialect,
  pick: LearnerPick,
  write: ChunkWrite,
): Promise<number> {
  const pairs = db
    .selectFrom('users')
    .innerJoin('courses', (join) => join.on('courses.id', 'in', write.courseIds))
    .select((eb) => [
      sql<number>`${write.companyId}`.as('company_id'),
      'users.id as user_id',
      'courses.id as course_id',
      sql<string>`'not_started'`.as('status'),
      sql<string>`${write.rule ? 'rule' : 'manual'}`.as('source'),
      sql<number | null>`${write.rule?.ruleId ?? null}`.as('rule_id'),
      sql<number | null>`${write.rule?.runId ?? null}`.as('rule_run_id'),
      sql<number | null>`${write.actorId}`.as('assigned_by'),
      sql<string>`${write.now}`.as('assigned_at'),
      sql<string | null>`${write.dueAt}`.as('due_at'),
      eb.fn.coalesce(sql<number | null>`${write.recertifyMonths}`, 'courses.recertify_months').as('recertify_months'),
      sql<string>`${write.now}`.as('created_at'),
      sql<string>`${write.now}`.as('updated_at'),
    ])
    // A rule's chunk is an id range of its picked learners: walked, each custom field value looked up.
    .where(pickWhere(dialect, pick, pick.rule ? 'shortWalk' : 'plain'))
    .where('users.id', '>', write.afterId)
    .where('users.id', '<=', write.throughId)
    .where(({ not }) => not(openAssignmentCondition('users.id', 'courses.id', write.now)))
    .$if(write.rule !== undefined, (qb) =>
      qb.where(({ not }) => not(excludedCondition(write.rule!.ruleId, 'users.id', 'courses.id'))),
    );
  const result = await db
    .insertInto('assignments')
    .columns([
      'company_id',
      'user_id',
      'course_id',
      'status',
      'source',
      'rule_id',
      'rule_run_id',
      'assigned_by',
      'assigned_at',
      'due_at',
      'recertify_months',
      'created_at',
      'updated_at',
    ])
    .expression(pairs as never)
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The highest assignment id now: what a chunk inserts lies above it (its messages are queued from there). */
export async function lastAssignmentId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.max('id').as('top'))
    .executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** A job's progress and partial result, in the transaction of the chunk it describes; false when this worker lost the job. */
export async function saveJobProgress(
  db: Kysely<Database>,
  job: { id: number; locked_by: string | null },
  values: { progress: number; total: number; result: string },
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ ...values, locked_at: stamp, updated_at: stamp })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.locked_by)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
