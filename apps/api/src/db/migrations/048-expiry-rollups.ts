import { type Kysely, sql } from 'kysely';
import { createStatementTriggers, createTriggerFunction, dropTriggers, isPostgres } from './helpers.ts';

/**
 * Completions that expire, counted per company, learner's deactivation and department (0: none),
 * course and day of expiry (issue 18 budget, decision 093): the recertification widget sums the days
 * of the next 90 instead of reading the ~800,000 completions that expire in them at 10M assignments.
 * Only completions (stored status completed; renewed ones are history) with an expiry count.
 *
 * Triggers keep the rows for every writer, as migration 046 does: an assignment inserted, changed or
 * deleted, a learner moved, (de)activated or deleted (before the cascade removes their assignments).
 */

const KEY_LIST = 'company_id, suspended, department_id, course_id, expiry_day';
const ON_CONFLICT = `ON CONFLICT (${KEY_LIST}) DO UPDATE SET n = expiry_rollups.n + excluded.n`;
const INSERT = `INSERT INTO expiry_rollups (${KEY_LIST}, n)`;

/** The key of assignment row `r`, the learner's department and deactivation given. */
const key = (r: string, department: string, suspended: string) =>
  `${r}.company_id, ${suspended}, coalesce(${department}, 0), ${r}.course_id, substr(${r}.expires_at, 1, 10)`;

/** Whether row `r` counts: a completion with an expiry. */
const counts = (r: string) => `${r}.status = 'completed' AND ${r}.expires_at IS NOT NULL`;

/** SELECTs of (key, ±1) summed into the rollups, in key order (two writers lock rows in one order). */
const addToRollups = (parts: string[]) =>
  `${INSERT} SELECT c0, c1, c2, c3, c4, sum(n) FROM (${parts.join(' UNION ALL ')}) AS d (c0, c1, c2, c3, c4, n)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5 ${ON_CONFLICT}`;

const WATCHED = ['status', 'expires_at', 'course_id'];

/** Every row from the table, into an empty table: one GROUP BY. */
export async function fillExpiryRollups(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`${INSERT} SELECT ${key('a', 'u.department_id', 'u.suspended')}, count(*)
      FROM assignments a JOIN users u ON u.id = a.user_id WHERE ${counts('a')} GROUP BY 1, 2, 3, 4, 5`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('expiry_rollups')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('expiry_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('expiry_rollups_pk', [
      'company_id',
      'suspended',
      'department_id',
      'course_id',
      'expiry_day',
    ])
    .modifyEnd(postgres ? sql`` : sql`WITHOUT ROWID`)
    .execute();
  // Reports read a range of days over every department and course: days first.
  await sql`CREATE INDEX expiry_rollups_days ON expiry_rollups (company_id, suspended, expiry_day, department_id, course_id, n)`.execute(
    db,
  );
  await fillExpiryRollups(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const add = (r: string, sign: string) =>
    `${INSERT} SELECT ${key(r, 'u.department_id', 'u.suspended')}, ${sign} FROM users u
      WHERE u.id = ${r}.user_id AND ${counts(r)} ${ON_CONFLICT}`;
  const addLearner = (r: string, sign: string) =>
    `${INSERT} SELECT ${key('a', `${r}.department_id`, `${r}.suspended`)}, ${sign} FROM assignments a
      WHERE a.user_id = ${r}.id AND ${counts('a')} ${ON_CONFLICT}`;
  await sql
    .raw(`CREATE TRIGGER expiry_rollups_insert AFTER INSERT ON assignments BEGIN ${add('new', '1')}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER expiry_rollups_delete AFTER DELETE ON assignments BEGIN ${add('old', '-1')}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER expiry_rollups_update AFTER UPDATE OF ${WATCHED.join(', ')} ON assignments
      WHEN ${WATCHED.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ')} BEGIN
      ${add('old', '-1')}; ${add('new', '1')};
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER users_expiry_rollups_move AFTER UPDATE OF department_id, suspended ON users
      WHEN old.department_id IS NOT new.department_id OR old.suspended IS NOT new.suspended BEGIN
      ${addLearner('old', '-1')}; ${addLearner('new', '1')};
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER users_expiry_rollups_delete BEFORE DELETE ON users BEGIN ${addLearner('old', '-1')}; END`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const fn = (name: string, body: string, returns?: string) => createTriggerFunction(db, name, body, returns);
  const part = (table: string, sign: string, where = '') =>
    `SELECT ${key('r', 'u.department_id', 'u.suspended')}, ${sign}
      FROM ${table} r JOIN users u ON u.id = r.user_id WHERE ${counts('r')} ${where}`;
  await fn('expiry_rollups_insert', addToRollups([part('new_rows', '1')]));
  await fn('expiry_rollups_delete', addToRollups([part('old_rows', '-1')]));
  const changed = WATCHED.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');
  const changedRow = (side: 'o' | 'n') =>
    `AND EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${side}.id = r.id AND (${changed}))`;
  await fn(
    'expiry_rollups_update',
    addToRollups([part('old_rows', '-1', changedRow('o')), part('new_rows', '1', changedRow('n'))]),
  );
  await createStatementTriggers(db, 'expiry_rollups', 'assignments');
  const learnerPart = (users: string, sign: string) =>
    `SELECT ${key('a', 'x.department_id', 'x.suspended')}, ${sign}
      FROM ${users} x JOIN assignments a ON a.user_id = x.id WHERE ${counts('a')}`;
  const moved = (side: 'o' | 'n') => `(SELECT ${side}.* FROM old_users o JOIN new_users n ON n.id = o.id
    WHERE o.department_id IS DISTINCT FROM n.department_id OR o.suspended IS DISTINCT FROM n.suspended)`;
  await fn('users_expiry_rollups_move', addToRollups([learnerPart(moved('o'), '-1'), learnerPart(moved('n'), '1')]));
  await sql`CREATE TRIGGER users_expiry_rollups_move AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
    FOR EACH STATEMENT EXECUTE FUNCTION users_expiry_rollups_move()`.execute(db);
  // Row-level and before: the cascade deletes the assignments after the learner is gone.
  await fn(
    'users_expiry_rollups_delete',
    addToRollups([
      `SELECT ${key('a', 'old.department_id', 'old.suspended')}, -1 FROM assignments a
        WHERE a.user_id = old.id AND ${counts('a')}`,
    ]),
    'old',
  );
  await sql`CREATE TRIGGER users_expiry_rollups_delete BEFORE DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_expiry_rollups_delete()`.execute(db);
}

const TRIGGERS = [
  ['expiry_rollups_insert', 'assignments'],
  ['expiry_rollups_delete', 'assignments'],
  ['expiry_rollups_update', 'assignments'],
  ['users_expiry_rollups_move', 'users'],
  ['users_expiry_rollups_delete', 'users'],
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, TRIGGERS);
  await db.schema.dropTable('expiry_rollups').execute();
}
