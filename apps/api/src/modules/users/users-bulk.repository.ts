import { type Kysely, type RawBuilder, type SqlBool, type Updateable, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import {
  castInteger,
  castText,
  deletesChildrenFirst,
  hintOffIndex,
  idIn,
  jsonObject,
  jsonText,
  lockRows,
  searchesThroughFts5,
} from '../../db/dialect/index.ts';
import type { Database, UsersTable } from '../../db/types.ts';
import type { JobRow } from '../../jobs/queue.repository.ts';
import { PASSWORD_RESET_JOB } from '../password-reset/index.ts';
import type { BulkCandidate, BulkPlan } from './users-bulk.rules.ts';
import { auditValues } from './users-bulk-audit.repository.ts';
import { type UserCriteria, criteriaWhere, defaultHint } from './users.criteria.ts';
import { countUsers } from './users.repository.ts';

// All SQL of the bulk actions. Every statement acts on a whole set of users at once (one chunk of
// ids bound as a single parameter): never one statement per user.

/** How many users match, less the unticked ones; the total is the list's cached count. */
export async function countMatching(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
  excludedIds: readonly number[],
): Promise<number> {
  const total = await countUsers(db, dialect, criteria);
  if (excludedIds.length === 0) return total;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(criteriaWhere(dialect, criteria))
    .where(idIn(dialect, 'users.id', excludedIds))
    .executeTakeFirstOrThrow();
  return total - Number(row.n);
}

/** The ids of the matching users in id order, read like the list's count (the same plan). */
export async function findMatchingIds(
  db: Kysely<Database>,
  dialect: Dialect,
  criteria: UserCriteria,
): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where(criteriaWhere(dialect, criteria, defaultHint(criteria)))
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const hasRecords = sql<number>`(EXISTS (SELECT 1 FROM assignments a WHERE a.user_id = users.id)
  OR EXISTS (SELECT 1 FROM course_activity ca WHERE ca.user_id = users.id))`;

/**
 * The chunk's users as they stand now, still in the tenant and the caller's scope (a user moved
 * away since the ids were read drops out), locked until the chunk commits where rows lock
 * (`lockRows`: PostgreSQL). Only a delete takes the row lock that conflicts with foreign key
 * checks: the other actions lock as their UPDATE would (FOR NO KEY UPDATE), so a user signing in
 * meanwhile (a new session row pointing at the user) does not wait for the chunk. The tenant and
 * scope columns are hinted off their indexes (`hintOffIndex`), so that SQLite's planner stays on
 * the id set (rowid lookups) instead of a tenant-wide index.
 */
export async function lockCandidates(
  trx: Kysely<Database>,
  dialect: Dialect,
  plan: BulkPlan,
  ids: readonly number[],
): Promise<BulkCandidate[]> {
  const { scope } = plan.criteria;
  const query = trx
    .selectFrom('users')
    .select(['users.id', 'users.role', 'users.site_admin', 'users.suspended', 'users.department_id', 'users.email'])
    .where(idIn(dialect, 'users.id', ids))
    .where(sql<SqlBool>`${hintOffIndex(dialect, 'users.company_id')} = ${plan.companyId}`)
    .$if(scope !== null, (qb) =>
      qb.where(
        scope?.length
          ? sql<SqlBool>`${hintOffIndex(dialect, 'users.department_id')} IN (${sql.join(scope)})`
          : sql<SqlBool>`1 = 0`,
      ),
    )
    .$if(plan.action === 'delete', (qb) => qb.select(hasRecords.as('has_records')));
  const locked = lockRows(dialect, query, plan.action === 'delete' ? 'update' : 'no key update');
  return (await locked.execute()) as BulkCandidate[];
}

/** One audit row per user, written before the change so that `before` holds the old values. */
export async function insertAuditRows(
  trx: Kysely<Database>,
  dialect: Dialect,
  plan: BulkPlan,
  ids: readonly number[],
  now: string,
): Promise<void> {
  const { action, before, after } = auditValues(dialect, plan);
  await trx
    .insertInto('audit_log')
    .columns([
      'company_id',
      'actor_id',
      'impersonator_id',
      'action',
      'entity_type',
      'entity_id',
      'before',
      'after',
      'ip',
      'created_at',
    ])
    .expression(
      trx
        .selectFrom('users')
        .select([
          castInteger(plan.companyId).as('company_id'),
          castInteger(plan.actor.id).as('actor_id'),
          castInteger(plan.impersonatorId).as('impersonator_id'),
          castText(action).as('action'),
          castText('user').as('entity_type'),
          sql<string>`CAST(users.id AS text)`.as('entity_id'),
          before.as('before'),
          after.as('after'),
          castText(plan.ip).as('ip'),
          castText(now).as('created_at'),
        ])
        .where(idIn(dialect, 'users.id', ids)),
    )
    .execute();
}

/** One e-mail job per user; each makes the user's reset token and e-mail when it runs. */
async function queueResetEmails(
  trx: Kysely<Database>,
  dialect: Dialect,
  plan: BulkPlan,
  ids: readonly number[],
  now: string,
) {
  const payload: RawBuilder<unknown> = jsonObject(dialect, [
    ['user_id', sql`users.id`],
    ['requested_by', sql`${castText('admin')}`],
  ]);
  const result = await trx
    .insertInto('jobs')
    .columns(['company_id', 'type', 'payload', 'run_at', 'created_by', 'created_at', 'updated_at'])
    .expression(
      trx
        .selectFrom('users')
        .select([
          'users.company_id',
          castText(PASSWORD_RESET_JOB).as('type'),
          jsonText(dialect, payload).as('payload'),
          castText(now).as('run_at'),
          castInteger(plan.actor.id).as('created_by'),
          castText(now).as('created_at'),
          castText(now).as('updated_at'),
        ])
        .where(idIn(dialect, 'users.id', ids)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Ends every session of the users, impersonations they started included: deactivation and a new
 * role do, like one user's update (a demoted impersonator must not keep acting as someone, F5).
 */
async function endSessions(trx: Kysely<Database>, dialect: Dialect, ids: readonly number[]): Promise<void> {
  await trx
    .deleteFrom('sessions')
    .where((eb) => eb.or([idIn(dialect, 'sessions.user_id', ids), idIn(dialect, 'sessions.impersonator_id', ids)]))
    .execute();
}

/** Applies the action to the users (already classified as eligible); answers how many changed. */
export async function applyAction(
  trx: Kysely<Database>,
  dialect: Dialect,
  plan: BulkPlan,
  ids: readonly number[],
  now: string,
): Promise<number> {
  const users = (values: Updateable<UsersTable>) =>
    trx
      .updateTable('users')
      .set(values)
      .where(idIn(dialect, 'users.id', ids))
      .executeTakeFirst();
  switch (plan.action) {
    case 'deactivate': {
      const result = await users({ suspended: 1, updated_at: now });
      await endSessions(trx, dialect, ids);
      return Number(result.numUpdatedRows);
    }
    case 'reactivate':
      return Number((await users({ suspended: 0, updated_at: now })).numUpdatedRows);
    case 'change_department':
      return Number((await users({ department_id: plan.department?.id ?? null, updated_at: now })).numUpdatedRows);
    case 'change_role': {
      const result = await users({ role: plan.role, updated_at: now });
      await endSessions(trx, dialect, ids);
      return Number(result.numUpdatedRows);
    }
    case 'send_password_reset':
      return queueResetEmails(trx, dialect, plan, ids, now);
    case 'delete': {
      // Sessions, preferences, reset tokens, field values and managed departments go with the row
      // (foreign keys); the users they managed keep no manager.
      const remove = () =>
        trx
          .deleteFrom('users')
          .where(idIn(dialect, 'users.id', ids))
          .executeTakeFirst();
      if (deletesChildrenFirst(dialect)) await deleteFieldValues(trx, dialect, ids);
      const result = searchesThroughFts5(dialect) ? await withoutSearchDeleteMerge(trx, remove) : await remove();
      return Number(result.numDeletedRows);
    }
  }
}

/**
 * The users' custom field values, in one statement, before SQLite's cascade would delete them
 * (`deletesChildrenFirst`): the cascade runs a trigger program per user (three values each in the
 * bench's company), which cost a 100,000-user delete 1.6 CPU-s more than this statement's 0.4.
 * PostgreSQL's cascade probes once per user either way (decision 055), so it keeps the cascade.
 */
async function deleteFieldValues(trx: Kysely<Database>, dialect: Dialect, ids: readonly number[]): Promise<void> {
  await trx
    .deleteFrom('user_field_values')
    .where(idIn(dialect, 'user_field_values.user_id', ids))
    .execute();
}

/** FTS5's own default for 'deletemerge' (the percentage of tombstones at which a segment is rewritten). */
const FTS5_DEFAULT_DELETEMERGE = 10;

/**
 * Runs a mass deletion of users with the FTS5 search table's delete-merging paused (SQLite,
 * `searchesThroughFts5`). The delete trigger of migration 005 tombstones each user's row of
 * `users_search` (contentless_delete=1): cheap, but once a tenth of a segment is tombstones FTS5
 * rewrites the whole segment to purge them, so a 100,000-user delete in chunks rewrote the index
 * again every other chunk (8.5 of the job's 18 CPU-seconds). Paused, the tombstones stay (search
 * skips them, and so do our queries' joins to users) and FTS5's incremental automerge reclaims them
 * on later writes. The setting is put back inside the same transaction, so no other writer ever
 * sees it off, even if this one fails.
 */
async function withoutSearchDeleteMerge<T>(trx: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const row = await sql<{ v: number }>`SELECT v FROM users_search_config WHERE k = 'deletemerge'`.execute(trx);
  const previous = Number(row.rows[0]?.v ?? FTS5_DEFAULT_DELETEMERGE);
  // FTS5 takes the value only as an SQL integer literal (a bound JS number arrives as a real).
  const set = (percent: number) =>
    sql`INSERT INTO users_search(users_search, rank) VALUES ('deletemerge', ${sql.lit(Math.trunc(percent))})`.execute(
      trx,
    );
  await set(0);
  try {
    return await work();
  } finally {
    await set(previous);
  }
}

/** A department of the company by id, or undefined (missing, or another company's). */
export async function findDepartmentName(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('departments')
    .select('name')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.name;
}

/**
 * A bulk job's progress and its summary so far, renewing the worker's lease: false when the worker no
 * longer holds the job (its lease went stale and another took it).
 */
export async function saveBulkProgress(
  db: Kysely<Database>,
  job: Pick<JobRow, 'id' | 'locked_by'>,
  values: { progress: number; total: number; result: string },
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      progress: values.progress,
      total: values.total,
      result: values.result,
      locked_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', job.locked_by)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
