import type { AssignmentSort, AssignmentStatus } from '@heed/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import * as lists from '../../db/lists/index.ts';
import type { Database } from '../../db/types.ts';
import { departmentIdsUnder } from '../../platform/scope.repository.ts';
import { rollupAssignmentCount } from '../reports/index.ts';
import {
  customFieldHolders,
  postgresTextCondition,
  searchIndexSet,
  sqliteMatchingUserIds,
  usesTrigramIndex,
} from '../users/index.ts';
import {
  type ListClock,
  codedStatusCondition,
  countFromCodes,
  listCodesDay,
  statusGroups,
  statusParts,
} from './assignments-status-codes.repository.ts';
import type { AssignmentCriteria, Range } from './assignments.criteria.ts';

export interface AssignmentListRow {
  id: number;
  user_id: number;
  course_id: number;
  status: string;
  source: string;
  rule_id: number | null;
  assigned_by: number | null;
  assigned_at: string;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  progress: number;
  score: number | null;
  expires_at: string | null;
  learner_first_name: string;
  learner_last_name: string;
  learner_username: string;
  course_name: string;
  department_id: number | null;
  department_name: string | null;
  assigner_first_name: string | null;
  assigner_last_name: string | null;
  rule_name: string | null;
  /** The rule run that made it and when it ran (decision 066). */
  rule_run_id: number | null;
  rule_run_at: string | null;
}

/** A stored status that is not a completion: the learner has not finished (yet). */
const OPEN = sql`('not_started', 'in_progress', 'overdue')`;

/**
 * Each status as a condition at `now`, the same rules as My Courses' `currentStatus`: ISO text order
 * is time order. The stored status says only whether it is completed and whether it was started;
 * overdue and expired are read from the dates.
 */
function statusCondition(status: AssignmentStatus, now: string): RawBuilder<SqlBool> {
  const started = sql`(assignments.started_at IS NOT NULL OR assignments.progress > 0 OR assignments.status = 'in_progress')`;
  const notDue = sql`(assignments.due_at IS NULL OR assignments.due_at >= ${now})`;
  switch (status) {
    case 'completed':
      return sql<SqlBool>`(assignments.status = 'completed' AND (assignments.expires_at IS NULL OR assignments.expires_at > ${now}))`;
    case 'expired':
      return sql<SqlBool>`(assignments.status = 'completed' AND assignments.expires_at <= ${now})`;
    case 'overdue':
      return sql<SqlBool>`(assignments.status IN ${OPEN} AND assignments.due_at < ${now})`;
    case 'in_progress':
      return sql<SqlBool>`(assignments.status IN ${OPEN} AND ${notDue} AND ${started})`;
    case 'not_started':
      return sql<SqlBool>`(assignments.status IN ${OPEN} AND ${notDue} AND NOT ${started})`;
  }
}

/** The derived status as a number in the list's order: not started, in progress, overdue, completed, expired. */
const statusRank = (now: string) => sql`(CASE
  WHEN assignments.status = 'completed' THEN
    CASE WHEN assignments.expires_at IS NOT NULL AND assignments.expires_at <= ${now} THEN 5 ELSE 4 END
  WHEN assignments.due_at IS NOT NULL AND assignments.due_at < ${now} THEN 3
  WHEN assignments.started_at IS NOT NULL OR assignments.progress > 0 OR assignments.status = 'in_progress' THEN 2
  ELSE 1 END)`;

function rangeCondition<T>(column: string, range: Range<T> | undefined): RawBuilder<SqlBool>[] {
  if (!range) return [];
  const ref = sql.ref(column);
  const and: RawBuilder<SqlBool>[] = [];
  if (range.from !== undefined) and.push(sql<SqlBool>`${ref} >= ${range.from}`);
  if (range.to !== undefined) and.push(sql<SqlBool>`${ref} <= ${range.to}`);
  return and;
}

const inList = (ref: RawBuilder<unknown>, values: readonly (number | string)[]) =>
  values.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${ref} IN (${sql.join(values)})`;

/** The company's departments in the given departments' subtrees. */
const subtreeDepartments = (companyId: number, roots: number[]) =>
  sql`SELECT sub.id FROM departments sub JOIN departments root
      ON sub.company_id = root.company_id AND sub.path LIKE root.path || '%'
    WHERE root.company_id = ${companyId} AND root.id IN (${sql.join(roots)})`;

/**
 * The assignment's learner is in one of `departments` (a list or a subquery of department ids). A
 * short walk in sort order (or a small part's few rows) checks each row's copy of its learner's
 * department (`probe`: no set built; migration 054 keeps the copy); otherwise the learners are read
 * once as a set (a subtree of 200,000 learners takes ~100 ms to build).
 */
function learnerInDepartments(companyId: number, departments: RawBuilder<unknown>, hint: lists.PlanHint | undefined) {
  if (hint?.probe) return sql<SqlBool>`+assignments.learner_department_id IN (${departments})`;
  return sql<SqlBool>`assignments.user_id IN (SELECT u.id FROM users u
    WHERE u.company_id = ${companyId} AND u.department_id IN (${departments}))`;
}

/** Only one of active or deactivated learners (both, or none named: no condition), as the reports count them. */
function learnerStatusCondition(companyId: number, statuses: AssignmentCriteria['learnerStatuses']) {
  if (statuses?.length !== 1) return undefined;
  const suspended = statuses[0] === 'deactivated' ? 1 : 0;
  return sql<SqlBool>`assignments.user_id IN (SELECT u.id FROM users u
    WHERE u.company_id = ${companyId} AND u.suspended = ${suspended})`;
}

const assignmentsWhere = (clock: ListClock) => (context: lists.WhereContext, criteria: AssignmentCriteria) => {
  return (eb: ExpressionBuilder<Database, any>): Expression<SqlBool> => {
    const { companyId } = criteria;
    const now = criteria.now ?? clock.now;
    const coded = clock.codedAt !== undefined && criteria.statuses !== undefined;
    const and: Expression<SqlBool>[] = [sql<SqlBool>`${context.column('assignments.company_id', 1)} = ${companyId}`];
    // A renewed completion is history, kept in `completions` (decision 081); it has no list code.
    if (!coded) and.push(sql<SqlBool>`assignments.status <> 'renewed'`);
    if (criteria.scope) {
      const scope = criteria.scope.length > 0 ? criteria.scope : [0];
      and.push(learnerInDepartments(companyId, sql.join(scope), context.hint));
    }
    const text = criteria.text ? context.textCondition(criteria.text) : undefined;
    if (text) and.push(text);
    if (criteria.ids) and.push(inList(context.column('assignments.id', criteria.ids.length), criteria.ids));
    if (criteria.userIds)
      and.push(inList(context.column('assignments.user_id', criteria.userIds.length), criteria.userIds));
    if (criteria.courseIds)
      and.push(inList(context.column('assignments.course_id', criteria.courseIds.length), criteria.courseIds));
    if (criteria.departmentIds?.length)
      and.push(learnerInDepartments(companyId, subtreeDepartments(companyId, criteria.departmentIds), context.hint));
    if (criteria.ownDepartmentIds)
      and.push(
        inList(
          context.column('assignments.learner_department_id', criteria.ownDepartmentIds.length),
          criteria.ownDepartmentIds,
        ),
      );
    if (criteria.withoutDepartment) and.push(sql<SqlBool>`assignments.learner_department_id IS NULL`);
    const learnerStatus = learnerStatusCondition(companyId, criteria.learnerStatuses);
    if (learnerStatus) and.push(learnerStatus);
    for (const field of criteria.customFields ?? [])
      and.push(eb('assignments.user_id', 'in', customFieldHolders(eb, companyId, field)));
    if (criteria.sources)
      and.push(inList(context.column('assignments.source', criteria.sources.length), criteria.sources));
    if (criteria.statuses) {
      const codes = coded ? { now, codedAt: clock.codedAt! } : undefined;
      const any = criteria.statuses.map((status) =>
        codes
          ? codedStatusCondition(context, status, companyId, codes, criteria.statusPart)
          : statusCondition(status, now),
      );
      and.push(any.length === 1 ? any[0]! : sql<SqlBool>`(${sql.join(any, sql` OR `)})`);
    }
    and.push(...rangeCondition('assignments.assigned_at', criteria.assigned));
    and.push(...rangeCondition('assignments.due_at', criteria.due));
    and.push(...rangeCondition('assignments.completed_at', criteria.completed));
    and.push(...rangeCondition('assignments.expires_at', criteria.expires));
    and.push(...rangeCondition('assignments.score', criteria.score));
    return eb.and(and);
  };
};

/** The filters the report rollups hold (decision 088): a list asking only these is counted from them. */
const ROLLUP_FILTERS = new Set([
  'companyId',
  'scope',
  'now',
  'statuses',
  'courseIds',
  'departmentIds',
  'learnerStatuses',
  'ownDepartmentIds',
  'withoutDepartment',
]);

/**
 * The total from the report rollups when the criteria are only a status, course, department subtree,
 * reach or active-learner filter: a status filter otherwise counts millions of rows at 10M assignments.
 * Undefined (the engine counts the table) for anything else, deactivated learners alone, or when the
 * rollups' window does not hold today.
 */
async function countFromRollups(db: Kysely<Database>, criteria: AssignmentCriteria): Promise<number | undefined> {
  const held = Object.entries(criteria).every(([key, value]) => value === undefined || ROLLUP_FILTERS.has(key));
  const learners = criteria.learnerStatuses ?? [];
  if (!held || (learners.length === 1 && learners[0] === 'deactivated')) return undefined;
  let departments = criteria.scope;
  if (criteria.departmentIds?.length) {
    const roots = await db
      .selectFrom('departments')
      .select('path')
      .where('company_id', '=', criteria.companyId)
      .where('id', 'in', criteria.departmentIds)
      .execute();
    const subtree = await departmentIdsUnder(
      db,
      criteria.companyId,
      roots.map((root) => root.path),
    );
    const reach = departments;
    departments = reach ? subtree.filter((id) => reach.includes(id)) : subtree;
  }
  if (criteria.ownDepartmentIds) {
    const reach = departments;
    departments = criteria.ownDepartmentIds.filter((id) => !reach || reach.includes(id));
  }
  const count = (inDepartments: number[] | null) =>
    rollupAssignmentCount(db, {
      companyId: criteria.companyId,
      now: criteria.now ?? new Date().toISOString(),
      departments: inDepartments,
      courseIds: criteria.courseIds,
      activeOnly: learners.length === 1,
      statuses: criteria.statuses,
    });
  if (!criteria.withoutDepartment) return count(departments);
  // Learners without a department: no reach or subtree holds them; else all less those with one.
  if (departments) return 0;
  const all = await count(null);
  const inAny = await count(await companyDepartmentIds(db, criteria.companyId));
  return all === undefined || inAny === undefined ? undefined : all - inAny;
}

/**
 * SQLite: a learner text search's total with no other filter, from the learner rollups (migration 047:
 * each learner's assignments, renewed completions left out, as in the list) of the learners the users'
 * search index matches: one look-up per learner, not one per assignment ("son": 110,000 learners,
 * 96 ms, against 3.9 s counting their 1.1M assignments). Undefined otherwise.
 */
async function countFromLearnerRollups(db: Kysely<Database>, criteria: AssignmentCriteria) {
  const { companyId, text, now: _now, scope, ...others } = criteria;
  const alone = Object.values(others).every((value) => value === undefined);
  if (!text || !alone || (scope !== undefined && scope !== null)) return undefined;
  const { rows } = await sql<{ total: number | null }>`SELECT sum(lr.assigned) AS total FROM learner_rollups lr
    WHERE lr.user_id IN (${sqliteMatchingUserIds(text, companyId)})`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

const companyDepartmentIds = async (db: Kysely<Database>, companyId: number) =>
  (await db.selectFrom('departments').select('id').where('company_id', '=', companyId).execute()).map((d) => d.id);

/**
 * The department order's groups (`ListSpec.groupedSorts`): learners without a department first (their
 * name sorts as ''), then the departments in the order of their lowered names, those named alike in
 * one group. Under a reach or a subtree filter, only its departments, each group's criteria naming its
 * own departments instead (a subset of them).
 */
async function departmentGroups(
  db: Kysely<Database>,
  criteria: AssignmentCriteria,
): Promise<lists.ListGroup<AssignmentCriteria>[] | undefined> {
  const { companyId } = criteria;
  const { rows } = await sql<{ id: number; name: string }>`SELECT id, lower(name) AS name FROM departments
    WHERE company_id = ${companyId} ORDER BY lower(name), id`.execute(db);
  let allowed = criteria.scope ? new Set(criteria.scope) : undefined;
  if (criteria.departmentIds?.length) {
    const { rows: subtree } = await sql<{
      id: number;
    }>`${subtreeDepartments(companyId, criteria.departmentIds)}`.execute(db);
    const reach = allowed;
    allowed = new Set(subtree.map((d) => d.id).filter((id) => !reach || reach.has(id)));
  }
  const narrowed = { ...criteria, scope: null, departmentIds: undefined };
  const groups: lists.ListGroup<AssignmentCriteria>[] = allowed
    ? []
    : [{ criteria: { ...narrowed, withoutDepartment: true } }];
  let last: { name: string; ids: number[] } | undefined;
  for (const { id, name } of rows) {
    if (allowed && !allowed.has(id)) continue;
    if (last?.name === name) last.ids.push(id);
    else {
      last = { name, ids: [id] };
      groups.push({ criteria: { ...narrowed, ownDepartmentIds: last.ids } });
    }
  }
  return groups;
}

const hasFilters = (criteria: AssignmentCriteria) =>
  Object.entries(criteria).some(
    ([key, value]) => !['companyId', 'now', 'text'].includes(key) && value !== undefined && value !== null,
  );

const COURSE_NAME = sql`(SELECT lower(c.name) FROM courses c WHERE c.id = assignments.course_id)`;
const DEPARTMENT_NAME = sql`coalesce((SELECT lower(d.name) FROM users u JOIN departments d ON d.id = u.department_id
  WHERE u.id = assignments.user_id), '')`;

/**
 * The course order's groups (`ListSpec.groupedSorts`): the courses the company's assignments name,
 * found by one index seek each (a loose scan of `(company_id, course_id, …)`, not a read of millions
 * of rows), narrowed to the criteria's courses, in the order of their lowered names; courses named
 * alike form one group, whose rows interleave by id.
 */
async function courseGroups(
  db: Kysely<Database>,
  criteria: AssignmentCriteria,
): Promise<lists.ListGroup<AssignmentCriteria>[] | undefined> {
  const { companyId } = criteria;
  const { rows } = await sql<{ id: number; name: string }>`WITH RECURSIVE named(id) AS (
      SELECT min(course_id) FROM assignments WHERE company_id = ${companyId}
      UNION ALL
      SELECT (SELECT min(a.course_id) FROM assignments a WHERE a.company_id = ${companyId} AND a.course_id > named.id)
      FROM named WHERE named.id IS NOT NULL
    )
    SELECT courses.id, lower(courses.name) AS name FROM named JOIN courses ON courses.id = named.id
    ORDER BY lower(courses.name), courses.id`.execute(db);
  const wanted = criteria.courseIds && new Set(criteria.courseIds);
  const groups: { name: string; courseIds: number[] }[] = [];
  for (const { id, name } of rows) {
    if (wanted && !wanted.has(id)) continue;
    const last = groups.at(-1);
    if (last?.name === name) last.courseIds.push(id);
    else groups.push({ name, courseIds: [id] });
  }
  return groups.map(({ courseIds }) => ({ criteria: { ...criteria, courseIds } }));
}

/** The sort keys of each contract sort; each ends in id. */
export const ASSIGNMENT_ORDER: Record<AssignmentSort, string[]> = {
  id: ['id'],
  // The learner's name, last then first regardless of case: a copy kept by triggers (migration 045).
  learner: ['sort_learner', 'id'],
  course: ['course_name', 'id'],
  department: ['department_name', 'id'],
  assigned_at: ['assigned_at', 'id'],
  due_at: ['due_at', 'id'],
  // Within a status, the earliest due first (the most overdue, the next due): one index range each.
  status: ['status_rank', 'due_at', 'id'],
  completed_at: ['completed_at', 'id'],
  score: ['score', 'id'],
  expires_at: ['expires_at', 'id'],
  source: ['source', 'id'],
};

/** Column sorts whose (company_id, key, id) index the company condition may walk (migrations 002, 026, 045). */
const COMPANY = ['assignments.company_id'];
/** The list codes' (company_id, list_code, due_at | assigned_at, id) indexes (migration 051). */
const CODED = ['assignments.company_id', 'assignments.list_code'];
/** With the codes holding, a status in one course: `(company_id, course_id, list_code, due_at, id)` (migration 055). */
const CODED_IN_COURSE = [...CODED, 'assignments.course_id'];
const CODED_LEADS = new Set(['assigned_at', 'due_at', 'status_rank']);

/** The filter columns whose index yields each sort's order (`sqlite.orderingFilters`), as the codes hold or not. */
const orderingFilters = (codedAt: string | undefined) => ({
  sort_learner: COMPANY,
  assigned_at: CODED,
  due_at: (criteria: AssignmentCriteria) => (codedAt && criteria.statuses ? CODED_IN_COURSE : CODED),
  status_rank: CODED,
  completed_at: COMPANY,
  expires_at: COMPANY,
  score: COMPANY,
  source: COMPANY,
});

/**
 * The rows a walk in the sort led by `sortLead` passes through (`ListSpec.population`): the company,
 * or with the codes holding, the statuses asked, from their codes' index (in due date, assignment
 * date or status order), and one course among them in due date order.
 */
const population = (codedAt: string | undefined) => (criteria: AssignmentCriteria, sortLead: string) => {
  const coded = Boolean(codedAt && criteria.statuses && CODED_LEADS.has(sortLead));
  const oneCourse = coded && sortLead === 'due_at' && criteria.courseIds?.length === 1;
  return {
    companyId: criteria.companyId,
    scope: null,
    ...(coded ? { now: criteria.now, statuses: criteria.statuses } : {}),
    ...(oneCourse ? { courseIds: criteria.courseIds } : {}),
  };
};

/** Learner name, username or e-mail contains the text: the users' own text index, then their assignments. */
const learnerText = (condition: (text: string, companyId: number) => RawBuilder<SqlBool>) => ({
  condition: (text: string, criteria: AssignmentCriteria) =>
    sql<SqlBool>`assignments.user_id IN (SELECT users.id FROM users WHERE users.company_id = ${criteria.companyId}
      AND ${condition(text, criteria.companyId)})`,
});

/** An assignment row as the list shows it: the learner, course, department, and who or what made it. */
function selectAssignmentRows(db: Kysely<Database>) {
  return db
    .selectFrom('assignments')
    .innerJoin('users as learner', 'learner.id', 'assignments.user_id')
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .leftJoin('departments', 'departments.id', 'learner.department_id')
    .leftJoin('users as assigner', 'assigner.id', 'assignments.assigned_by')
    .leftJoin('assignment_rules', 'assignment_rules.id', 'assignments.rule_id')
    .leftJoin('assignment_rule_runs', 'assignment_rule_runs.id', 'assignments.rule_run_id')
    .select([
      'assignments.id',
      'assignments.user_id',
      'assignments.course_id',
      'assignments.status',
      'assignments.source',
      'assignments.rule_id',
      'assignments.assigned_by',
      'assignments.assigned_at',
      'assignments.due_at',
      'assignments.started_at',
      'assignments.completed_at',
      'assignments.progress',
      'assignments.score',
      'assignments.expires_at',
      'learner.first_name as learner_first_name',
      'learner.last_name as learner_last_name',
      'learner.username as learner_username',
      'courses.name as course_name',
      'learner.department_id as department_id',
      'departments.name as department_name',
      'assigner.first_name as assigner_first_name',
      'assigner.last_name as assigner_last_name',
      'assignment_rules.name as rule_name',
      'assignments.rule_run_id',
      'assignment_rule_runs.started_at as rule_run_at',
    ]);
}

/**
 * The assignments list at one moment, described for the list engine (`db/lists/README.md`).
 * Assignments move the data stamp on both databases (migration 026), so totals and lists are kept
 * while nothing changes; what depends on the clock (a status filter, the status order) is not: the
 * criteria then carry the clock, and the status order is unkept (decision 064).
 */
export function assignmentsList(now: string, codedAt?: string): lists.ListSpec<AssignmentCriteria, AssignmentListRow> {
  const clock: ListClock = { now, codedAt };
  /** A total the list keeps: a company's statuses from their codes, else the report rollups' sum. */
  const quickCount = (dialect: Dialect) => async (db: Kysely<Database>, criteria: AssignmentCriteria) =>
    (await countFromCodes(db, dialect, criteria, clock)) ?? countFromRollups(db, criteria);
  return {
    name: 'assignments',
    table: 'assignments',
    selectRows: (db) => selectAssignmentRows(db) as never,
    sortExpressions: {
      course_name: COURSE_NAME,
      department_name: DEPARTMENT_NAME,
      status_rank: statusRank(now),
    },
    // The status order reads the clock: never kept (its criteria carry the clock as well).
    unkeptSortKeys: new Set(['status_rank']),
    numericColumns: new Set(['assignments.id', 'assignments.score']),
    where: assignmentsWhere(clock),
    hasFilters,
    population: population(codedAt),
    parts: (criteria, order) => statusParts(criteria, order, clock),
    groupedSorts: { course_name: courseGroups, department_name: departmentGroups, status_rank: statusGroups(clock) },
    sqlite: {
      orderingFilters: orderingFilters(codedAt),
      // A learner text alone (PostgreSQL reads its every match in order: the list's length is the total).
      quickCount: async (db, criteria) =>
        (await countFromLearnerRollups(db, criteria)) ?? quickCount('sqlite')(db, criteria),
      // No (company_id, id) index: sorting a company's assignments by id reads the table in rowid order.
      idSortWalksTable: () => true,
      // The learners of a department subtree or reach: a set to build, or each walked row's learner probed.
      hasSetFilters: (criteria) => Boolean(criteria.departmentIds?.length || criteria.scope),
      // The search index's matches drive: through the users table SQLite would walk the company's users.
      // A walk in sort order keeps the rows whose learner is in the term's set of matching learners.
      text: {
        condition: (text, criteria) =>
          sql<SqlBool>`assignments.user_id IN (${sqliteMatchingUserIds(text, criteria.companyId)})`,
        indexed: usesTrigramIndex,
        matchSet: (db, text, criteria) => searchIndexSet(db, text, criteria.companyId),
        ownerColumn: 'user_id',
      },
    },
    postgres: {
      fetchesAll: (criteria) => Boolean(criteria.text || criteria.departmentIds?.length || criteria.scope),
      // A status filter otherwise counts up to millions of rows on every request (its criteria carry the clock).
      quickCount: quickCount('postgres'),
      text: learnerText(postgresTextCondition),
    },
  };
}

export interface AssignmentPageRequest {
  orderBy: string[];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of assignments in the request's order, and the total matching. */
export async function listAssignmentsPage(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AssignmentCriteria,
  page: AssignmentPageRequest,
  now: string,
) {
  const timed = criteria.statuses !== undefined || page.orderBy[0] === 'status_rank';
  const codedAt = timed ? await listCodesDay(db, now) : undefined;
  return lists.listPage(db, dialect, assignmentsList(now, codedAt), criteria, page);
}

/** The rows of the criteria after `afterId`, in id order, `limit` of them (the export's batches). */
export function listAssignmentRowsAfter(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AssignmentCriteria,
  afterId: number,
  limit: number,
  now: string,
): Promise<AssignmentListRow[]> {
  const spec = assignmentsList(now);
  const where = spec.where(lists.whereContext(dialect, spec, criteria, lists.defaultHint(criteria)), criteria);
  return (selectAssignmentRows(db) as any)
    .where(where)
    .where('assignments.id', '>', afterId)
    .orderBy('assignments.id')
    .limit(limit)
    .execute();
}
