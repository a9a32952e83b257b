import { type Kysely, sql } from 'kysely';
import { createStatementTriggers, createTriggerFunction, dropTriggers, isPostgres } from './helpers.ts';

/**
 * One row per learner for the per-learner report widgets (issue 18 budget, decision 092):
 * `learner_rollups` counts a learner's assignments (renewed completions left out, as in every
 * report), their completions (stored status completed, expired since or not) and the sum and count
 * of those completions' scores, beside a copy of the learner's company, department and deactivation.
 *
 * - The leaderboard walks `learner_rollups_rank` (completions, then average score, best first) and
 *   reads from the table only the few learners that can still reach the top ten: a learner's
 *   completions valid now are never more than the stored ones, and expiry leaves the average alone.
 * - The learner summary's total is a count over `learner_rollups_reach`.
 *
 * Triggers keep the rows for every writer: an assignment inserted, changed or deleted, a learner
 * moved or (de)activated; a deleted learner's row goes with the learner (foreign key).
 */

/** The average score the rank index orders by; the same expression in the walk's ORDER BY. */
export const learnerAverage = (postgres: boolean, prefix = 'lr.') =>
  `(CASE WHEN ${prefix}score_n = 0 THEN -1 ELSE ${prefix}score_sum${postgres ? '::float8' : ' * 1.0'} / ${prefix}score_n END)`;

/** What assignment row `r` adds to its learner's row: (assigned, completed, score_sum, score_n), times `sign`. */
const contribution = (r: string, sign: string) => {
  const completed = `${r}.status = 'completed'`;
  return [
    `${sign} * (CASE WHEN ${r}.status <> 'renewed' THEN 1 ELSE 0 END)`,
    `${sign} * (CASE WHEN ${completed} THEN 1 ELSE 0 END)`,
    `${sign} * (CASE WHEN ${completed} THEN coalesce(${r}.score, 0) ELSE 0 END)`,
    `${sign} * (CASE WHEN ${completed} AND ${r}.score IS NOT NULL THEN 1 ELSE 0 END)`,
  ];
};

const COLUMNS = 'user_id, company_id, department_id, suspended, assigned, completed, score_sum, score_n';
const ON_CONFLICT = `ON CONFLICT (user_id) DO UPDATE SET assigned = learner_rollups.assigned + excluded.assigned,
  completed = learner_rollups.completed + excluded.completed,
  score_sum = learner_rollups.score_sum + excluded.score_sum,
  score_n = learner_rollups.score_n + excluded.score_n`;

/** The columns whose change moves an assignment's contribution. */
const WATCHED = ['status', 'score'];

/** Every learner's row from the table, into an empty table: one GROUP BY. */
export async function fillLearnerRollups(db: Kysely<any>): Promise<void> {
  const [assigned, completed, scoreSum, scoreN] = contribution('a', '1');
  await sql
    .raw(`INSERT INTO learner_rollups (${COLUMNS})
      SELECT u.id, u.company_id, u.department_id, u.suspended, sum(${assigned}), sum(${completed}),
        sum(${scoreSum}), sum(${scoreN})
      FROM users u JOIN assignments a ON a.user_id = u.id
      WHERE a.status <> 'renewed'
      GROUP BY u.id, u.company_id, u.department_id, u.suspended`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('learner_rollups')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer')
    .addColumn('suspended', 'integer', (c) => c.notNull())
    .addColumn('assigned', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'bigint', (c) => c.notNull())
    .addColumn('score_n', 'integer', (c) => c.notNull())
    .execute();
  await fillLearnerRollups(db);
  await sql
    .raw(`CREATE INDEX learner_rollups_rank ON learner_rollups
      (company_id, completed DESC, ${learnerAverage(postgres, '')} DESC, user_id)
      WHERE completed > 0`)
    .execute(db);
  await sql`CREATE INDEX learner_rollups_reach ON learner_rollups (company_id, suspended, department_id)
    WHERE assigned > 0`.execute(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // Upserted from the learner's row, so a learner deleted before the cascade removes their
  // assignments (their row is gone with them) is not written again.
  const add = (r: 'new' | 'old', parts: string[]) =>
    `INSERT INTO learner_rollups (${COLUMNS})
      SELECT u.id, u.company_id, u.department_id, u.suspended, ${parts.join(', ')}
      FROM users u WHERE u.id = ${r}.user_id ${ON_CONFLICT}`;
  const delta = (plus: string[], minus: string[]) => plus.map((p, i) => `${p} + ${minus[i]}`);
  await sql
    .raw(`CREATE TRIGGER learner_rollups_insert AFTER INSERT ON assignments WHEN new.status <> 'renewed' BEGIN
      ${add('new', contribution('new', '1'))}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER learner_rollups_delete AFTER DELETE ON assignments WHEN old.status <> 'renewed' BEGIN
      ${add('old', contribution('old', '-1'))}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER learner_rollups_update AFTER UPDATE OF ${WATCHED.join(', ')} ON assignments
      WHEN old.status IS NOT new.status OR old.score IS NOT new.score BEGIN
      ${add('new', delta(contribution('new', '1'), contribution('old', '-1')))}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER users_learner_rollups_move AFTER UPDATE OF department_id, suspended ON users
      WHEN old.department_id IS NOT new.department_id OR old.suspended IS NOT new.suspended BEGIN
      UPDATE learner_rollups SET department_id = new.department_id, suspended = new.suspended WHERE user_id = new.id;
    END`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const fn = (name: string, body: string) => createTriggerFunction(db, name, body);
  // One upsert per statement, learners in id order (two writers lock the rows in the same order).
  const addToRollups = (parts: string[]) =>
    `INSERT INTO learner_rollups (${COLUMNS})
      SELECT u.id, u.company_id, u.department_id, u.suspended, sum(d.a), sum(d.c), sum(d.s), sum(d.sn)
      FROM (${parts.join(' UNION ALL ')}) AS d (user_id, a, c, s, sn) JOIN users u ON u.id = d.user_id
      GROUP BY u.id, u.company_id, u.department_id, u.suspended ORDER BY u.id ${ON_CONFLICT}`;
  const part = (table: string, sign: string, where = '') =>
    `SELECT r.user_id, ${contribution('r', sign).join(', ')} FROM ${table} r WHERE r.status <> 'renewed' ${where}`;
  const changed = WATCHED.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');
  const changedRow = (side: 'o' | 'n') =>
    `AND EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${side}.id = r.id AND (${changed}))`;
  await fn('learner_rollups_insert', addToRollups([part('new_rows', '1')]));
  await fn('learner_rollups_delete', addToRollups([part('old_rows', '-1')]));
  await fn(
    'learner_rollups_update',
    addToRollups([part('old_rows', '-1', changedRow('o')), part('new_rows', '1', changedRow('n'))]),
  );
  await createStatementTriggers(db, 'learner_rollups', 'assignments');
  await fn(
    'users_learner_rollups_move',
    `UPDATE learner_rollups lr SET department_id = n.department_id, suspended = n.suspended
      FROM old_users o JOIN new_users n ON n.id = o.id
      WHERE lr.user_id = n.id
        AND (o.department_id IS DISTINCT FROM n.department_id OR o.suspended IS DISTINCT FROM n.suspended)`,
  );
  await sql`CREATE TRIGGER users_learner_rollups_move AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
    FOR EACH STATEMENT EXECUTE FUNCTION users_learner_rollups_move()`.execute(db);
}

const TRIGGERS = [
  ['learner_rollups_insert', 'assignments'],
  ['learner_rollups_delete', 'assignments'],
  ['learner_rollups_update', 'assignments'],
  ['users_learner_rollups_move', 'users'],
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, TRIGGERS);
  await db.schema.dropTable('learner_rollups').execute();
}
