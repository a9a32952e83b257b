import type { Kysely } from 'kysely';
import { type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { idIn, lockRows } from '../../db/dialect/index.ts';
import * as lists from '../../db/lists/index.ts';
import type { Database } from '../../db/types.ts';
import {
  findCertificate,
  insertCertificate,
  insertIssuedActivity,
  newCertificateNumber,
} from '../certificates/index.ts';
import type { AssignmentBulkPlan, BulkAssignmentCandidate } from './assignments-bulk.rules.ts';
import { assignmentsList } from './assignments-list.repository.ts';
import type { AssignmentCriteria } from './assignments.criteria.ts';

// The SQL of the bulk actions on assignments. The matches are the list's own `where` (its criteria,
// tenant and reach); each chunk's statements act on the chunk's ids bound as one parameter.

function matchingWhere(dialect: Dialect, criteria: AssignmentCriteria, now: string) {
  const spec = assignmentsList(now);
  return spec.where(lists.whereContext(dialect, spec, criteria, lists.defaultHint(criteria)), criteria);
}

const notExcluded = (dialect: Dialect, excluded: readonly number[]) =>
  excluded.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`NOT (${idIn(dialect, 'assignments.id', excluded)})`;

/** How many assignments match (after `afterId`: what a resumed job has left), less the unticked ones. */
export async function countMatchingAssignments(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AssignmentCriteria,
  excluded: readonly number[],
  now: string,
  afterId = 0,
): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matchingWhere(dialect, criteria, now) as never)
    .where(notExcluded(dialect, excluded))
    .$if(afterId > 0, (qb) => qb.where('assignments.id', '>', afterId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The next `limit` matching ids after `afterId`, ascending: a chunk, or a page of the preview. */
export async function matchingIdsAfter(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: AssignmentCriteria,
  excluded: readonly number[],
  afterId: number,
  limit: number,
  now: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('assignments')
    .select('assignments.id')
    .where(matchingWhere(dialect, criteria, now) as never)
    .where(notExcluded(dialect, excluded))
    .where('assignments.id', '>', afterId)
    .orderBy('assignments.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The chunk's assignments as they stand now, still in the tenant and the caller's reach (one moved
 * away or deleted since drops out, "gone"), with their learner and course; locked until the chunk
 * commits where rows lock (PostgreSQL; the preview reads without `lock`).
 */
export async function lockCandidates(
  trx: Kysely<Database>,
  dialect: Dialect,
  plan: Pick<AssignmentBulkPlan, 'companyId' | 'criteria'>,
  ids: readonly number[],
  lock = true,
): Promise<BulkAssignmentCandidate[]> {
  const { scope } = plan.criteria;
  const query = trx
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .select([
      'assignments.id',
      'assignments.company_id',
      'assignments.user_id',
      'assignments.course_id',
      'assignments.status',
      'assignments.source',
      'assignments.rule_id',
      'assignments.due_at',
      'assignments.started_at',
      'assignments.completed_at',
      'assignments.progress',
      'assignments.score',
      'assignments.expires_at',
      'assignments.course_version_id',
      'users.suspended as learner_suspended',
      'users.email as learner_email',
      'users.first_name as learner_first_name',
      'users.last_name as learner_last_name',
      'courses.name as course_name',
      'courses.passing_score',
      sql<number>`(EXISTS (SELECT 1 FROM course_attempts ca WHERE ca.assignment_id = assignments.id))`.as(
        'has_attempts',
      ),
      sql<number>`(EXISTS (SELECT 1 FROM certificates c WHERE c.assignment_id = assignments.id))`.as('has_certificate'),
    ])
    .where(idIn(dialect, 'assignments.id', ids))
    .where('assignments.company_id', '=', plan.companyId)
    .where('users.company_id', '=', plan.companyId)
    .$if(scope !== null, (qb) => qb.where('users.department_id', 'in', scope?.length ? scope : [0]))
    .orderBy('assignments.id');
  return (await (lock ? lockRows(dialect, query, 'update') : query).execute()) as BulkAssignmentCandidate[];
}

export interface AuditRow {
  entityId: number;
  action: string;
  before: unknown;
  after: unknown;
}

/** One audit row per assignment, in the chunk's transaction. */
export async function insertAuditRows(
  trx: Kysely<Database>,
  plan: Pick<AssignmentBulkPlan, 'companyId' | 'actorId' | 'impersonatorId' | 'ip'>,
  rows: readonly AuditRow[],
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('audit_log')
    .values(
      rows.map((row) => ({
        company_id: plan.companyId,
        actor_id: plan.actorId,
        impersonator_id: plan.impersonatorId,
        action: row.action,
        entity_type: 'assignment',
        entity_id: String(row.entityId),
        before: row.before === null ? null : JSON.stringify(row.before),
        after: row.after === null ? null : JSON.stringify(row.after),
        ip: plan.ip,
        created_at: now,
      })),
    )
    .execute();
}

export async function setDueDates(
  trx: Kysely<Database>,
  dialect: Dialect,
  ids: readonly number[],
  dueAt: string | null,
  now: string,
): Promise<number> {
  const result = await trx
    .updateTable('assignments')
    .set({ due_at: dueAt, updated_at: now })
    .where(idIn(dialect, 'assignments.id', ids))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Tries before giving up on drawing an unused certificate number (as the certificates module does). */
const NUMBER_TRIES = 5;

/**
 * The certificate of a completion about to be reset, issued now unless it was (the certificates
 * module's lazy issue, done eagerly): the completion stays on record, and its number verifies.
 */
export async function certifyCompletion(
  trx: Kysely<Database>,
  row: BulkAssignmentCandidate & { completed_at: string },
  now: string,
): Promise<string> {
  const issued = await findCertificate(trx, row.id, row.completed_at);
  if (issued) return issued.number;
  for (let tries = 0; tries < NUMBER_TRIES; tries++) {
    const inserted = await insertCertificate(trx, {
      number: newCertificateNumber(),
      company_id: row.company_id,
      user_id: row.user_id,
      assignment_id: row.id,
      course_id: row.course_id,
      course_version_id: row.course_version_id,
      learner_name: `${row.learner_first_name} ${row.learner_last_name}`.trim(),
      course_name: row.course_name,
      score: row.score,
      passing_score: row.passing_score,
      completed_at: row.completed_at,
      expires_at: row.expires_at,
      issued_at: now,
    });
    if (inserted) {
      await insertIssuedActivity(trx, inserted, now);
      return inserted.number;
    }
    const parallel = await findCertificate(trx, row.id, row.completed_at);
    if (parallel) return parallel.number;
  }
  throw new Error(`No unused certificate number after ${NUMBER_TRIES} tries`);
}

/**
 * Starts a new cycle of attempts: an attempt in progress ends (as failed: the player knows no other
 * end), and the latest attempt that did not pass becomes the cycle's base, so the learner has the
 * course's attempts again. Attempts, answers and activity all stay.
 */
export async function startNewAttemptCycle(
  trx: Kysely<Database>,
  dialect: Dialect,
  ids: readonly number[],
  now: string,
): Promise<void> {
  await trx
    .updateTable('course_attempts')
    .set({ status: 'failed', finished_at: now, updated_at: now })
    .where(idIn(dialect, 'course_attempts.assignment_id', ids))
    .where('status', '=', 'in_progress')
    .execute();
  const attempts = await trx
    .selectFrom('course_attempts')
    .select(['id', 'assignment_id', 'attempt', 'status', 'state'])
    .where(idIn(dialect, 'course_attempts.assignment_id', ids))
    .orderBy('assignment_id')
    .orderBy('attempt', 'desc')
    .execute();
  const seen = new Set<number>();
  for (const attempt of attempts) {
    if (seen.has(attempt.assignment_id)) continue;
    seen.add(attempt.assignment_id);
    if (attempt.status === 'passed') continue;
    const state = JSON.parse(attempt.state) as { base?: number };
    await trx
      .updateTable('course_attempts')
      .set({ state: JSON.stringify({ ...state, base: attempt.attempt }), updated_at: now })
      .where('id', '=', attempt.id)
      .execute();
  }
}

/** Reopens the assignments: not started, no progress, no completion; the due date and source stay. */
export async function reopenAssignments(
  trx: Kysely<Database>,
  dialect: Dialect,
  ids: readonly number[],
  now: string,
): Promise<number> {
  const result = await trx
    .updateTable('assignments')
    .set({
      status: 'not_started',
      progress: 0,
      started_at: null,
      completed_at: null,
      score: null,
      expires_at: null,
      course_version_id: null,
      updated_at: now,
    })
    .where(idIn(dialect, 'assignments.id', ids))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A rule's assignment removed by hand is an exclusion the rule honours (issue 16 item 5): the
 * learner is not assigned the course by that rule again until it is lifted.
 */
export async function excludeFromRules(
  trx: Kysely<Database>,
  rows: readonly BulkAssignmentCandidate[],
  actorId: number,
  now: string,
): Promise<void> {
  const fromRules = rows.filter((row) => row.source === 'rule' && row.rule_id !== null);
  if (fromRules.length === 0) return;
  await trx
    .insertInto('assignment_rule_exclusions')
    .values(
      fromRules.map((row) => ({
        company_id: row.company_id,
        rule_id: row.rule_id!,
        user_id: row.user_id,
        course_id: row.course_id,
        created_by: actorId,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Deletes the assignments (their links and any unfinished attempts go with them). */
export async function deleteAssignments(trx: Kysely<Database>, dialect: Dialect, ids: readonly number[]) {
  const result = await trx
    .deleteFrom('assignments')
    .where(idIn(dialect, 'assignments.id', ids))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Renews a bulk job's lease with its progress; false when this worker no longer holds the job. */
export async function saveBulkJobProgress(
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

/** The company's name (the reminder e-mail's sender line). */
export async function findCompanyNameOf(db: Kysely<Database>, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? '';
}
