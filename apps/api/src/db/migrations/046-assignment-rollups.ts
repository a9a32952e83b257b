import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * Maintained rollups of the assignments for the Home dashboard (issue 18 budget, decision 088):
 * `assignment_rollups` counts the assignments per company, learner's department (0: none), course,
 * learner's deactivation, month assigned, stored state (not started, in progress, completed), "turn
 * day" and month completed, with the sum and count of completions' scores. The turn day is the day an
 * assignment's derived status changes with the clock: the due day of an open one (it becomes
 * overdue), the expiry day of a completion (it becomes expired). Only the days of a short window
 * (`assignment_rollup_window`, moved forward by a daily job) are kept as days: earlier ones are one
 * "past" row ('0000-00-00'), later ones one "future" row ('9999-12-30'), none '9999-12-31'. So a
 * report sums a few rows per group, and only the assignments turning *today* are read from the table.
 *
 * Triggers keep the rollups for every writer: an assignment inserted, changed or deleted, a learner
 * moved, (de)activated or deleted. A renewed completion (decision 081) counts nowhere, as in the
 * reports. The window starts unset (no day kept: every dated row is "future"), which reports treat
 * as "rollups not ready" and answer from the table; the first daily run sets it.
 */

/** The rollups' key columns, in the order `rollupKey` gives their values. */
export const KEY = [
  'company_id',
  'department_id',
  'course_id',
  'suspended',
  'assigned_month',
  'state',
  'turn_day',
  'completed_month',
] as const;
const KEY_LIST = KEY.join(', ');

/** The stored state of assignment row `r` (its status before the clock is applied). */
export const rollupState = (r: string) => `CASE WHEN ${r}.status = 'completed' THEN 'completed'
  WHEN ${r}.started_at IS NOT NULL OR ${r}.progress > 0 OR ${r}.status = 'in_progress' THEN 'in_progress'
  ELSE 'not_started' END`;

/** The turn day of row `r` coded against window `w`: a day inside it, else past / future / never. */
export const rollupTurnDay = (r: string, w: string) => {
  const code = (column: string) => `CASE WHEN ${r}.${column} IS NULL THEN '9999-12-31'
    WHEN substr(${r}.${column}, 1, 10) < ${w}.start_day THEN '0000-00-00'
    WHEN substr(${r}.${column}, 1, 10) >= ${w}.end_day THEN '9999-12-30'
    ELSE substr(${r}.${column}, 1, 10) END`;
  return `CASE WHEN ${r}.status = 'completed' THEN ${code('expires_at')} ELSE ${code('due_at')} END`;
};

/** The key of assignment row `r` in the rollups, the learner's department and deactivation given. */
export const rollupKey = (r: string, w: string, department: string, suspended: string) =>
  `${r}.company_id, coalesce(${department}, 0), ${r}.course_id, ${suspended}, substr(${r}.assigned_at, 1, 7),
    ${rollupState(r)}, ${rollupTurnDay(r, w)},
    CASE WHEN ${r}.status = 'completed' THEN coalesce(substr(${r}.completed_at, 1, 7), '') ELSE '' END`;

/** What row `r` adds to its rollup row (n, score_sum, score_n), times `sign`. */
const rollupValues = (r: string, sign: string) =>
  `${sign}, ${sign} * coalesce(CASE WHEN ${r}.status = 'completed' THEN ${r}.score END, 0),
    ${sign} * (CASE WHEN ${r}.status = 'completed' AND ${r}.score IS NOT NULL THEN 1 ELSE 0 END)`;

const GROUP_KEY = 'GROUP BY 1, 2, 3, 4, 5, 6, 7, 8';
const ON_CONFLICT = `ON CONFLICT (${KEY_LIST}) DO UPDATE SET n = assignment_rollups.n + excluded.n,
  score_sum = assignment_rollups.score_sum + excluded.score_sum,
  score_n = assignment_rollups.score_n + excluded.score_n`;
const INSERT = `INSERT INTO assignment_rollups (${KEY_LIST}, n, score_sum, score_n)`;

/** The SQL that adds `parts` (SELECTs of key and values) to the rollups, summing onto existing keys. */
const addToRollups = (parts: string[]) =>
  `${INSERT} SELECT c0, c1, c2, c3, c4, c5, c6, c7, sum(n), sum(s), sum(sn)
    FROM (${parts.join(' UNION ALL ')}) AS d (c0, c1, c2, c3, c4, c5, c6, c7, n, s, sn)
    ${GROUP_KEY} ORDER BY 1, 2, 3, 4, 5, 6, 7, 8 ${ON_CONFLICT}`;

/** The columns whose change moves an assignment to another rollup row. */
const WATCHED = ['status', 'started_at', 'progress', 'due_at', 'expires_at', 'completed_at', 'score', 'course_id'];

/** Every rollup row from the table, under the window as it stands, into an empty table: one GROUP BY. */
export async function fillRollups(db: Kysely<any>): Promise<void> {
  await sql
    .raw(`${INSERT} SELECT ${rollupKey('a', 'w', 'u.department_id', 'u.suspended')}, sum(1),
      sum(CASE WHEN a.status = 'completed' THEN coalesce(a.score, 0) ELSE 0 END),
      sum(CASE WHEN a.status = 'completed' AND a.score IS NOT NULL THEN 1 ELSE 0 END)
      FROM assignments a JOIN users u ON u.id = a.user_id CROSS JOIN assignment_rollup_window w
      WHERE a.status <> 'renewed' ${GROUP_KEY}`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('assignment_rollups')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull())
    .addColumn('assigned_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('turn_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('completed_month', 'varchar(7)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'bigint', (c) => c.notNull())
    .addColumn('score_n', 'integer', (c) => c.notNull())
    // Deactivation second: the reports count active learners unless told otherwise, and their rows
    // are then one range (deactivated learners make few assignments but nearly as many rows).
    .addPrimaryKeyConstraint('assignment_rollups_pk', [
      'company_id',
      'suspended',
      'department_id',
      'course_id',
      'assigned_month',
      'state',
      'turn_day',
      'completed_month',
    ])
    .modifyEnd(postgres ? sql`` : sql`WITHOUT ROWID`)
    .execute();
  await db.schema
    .createTable('assignment_rollup_window')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('start_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_day', 'varchar(10)', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO assignment_rollup_window (id, start_day, end_day) VALUES (1, '0000-00-00', '0000-00-00')`.execute(
    db,
  );
  await fillRollups(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  // SQLite upserts row by row, so a key repeated in one INSERT … SELECT just adds again: no GROUP BY.
  const add = (r: string, sign: string) =>
    `${INSERT} SELECT ${rollupKey(r, 'w', 'u.department_id', 'u.suspended')}, ${rollupValues(r, sign)}
      FROM users u, assignment_rollup_window w WHERE u.id = ${r}.user_id AND ${r}.status <> 'renewed' ${ON_CONFLICT}`;
  const addLearner = (r: string, sign: string) =>
    `${INSERT} SELECT ${rollupKey('a', 'w', `${r}.department_id`, `${r}.suspended`)}, ${rollupValues('a', sign)}
      FROM assignments a, assignment_rollup_window w WHERE a.user_id = ${r}.id AND a.status <> 'renewed' ${ON_CONFLICT}`;
  await sql
    .raw(`CREATE TRIGGER assignment_rollups_insert AFTER INSERT ON assignments BEGIN ${add('new', '1')}; END`)
    .execute(db);
  // A deleted learner's assignments are taken off before the learner (users_rollups_delete): by the
  // time the cascade deletes them the learner is gone, and the join finds nothing.
  await sql
    .raw(`CREATE TRIGGER assignment_rollups_delete AFTER DELETE ON assignments BEGIN ${add('old', '-1')}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER assignment_rollups_update AFTER UPDATE OF ${WATCHED.join(', ')} ON assignments BEGIN
      ${add('old', '-1')}; ${add('new', '1')};
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER users_rollups_move AFTER UPDATE OF department_id, suspended ON users
      WHEN old.department_id IS NOT new.department_id OR old.suspended IS NOT new.suspended BEGIN
      ${addLearner('old', '-1')}; ${addLearner('new', '1')};
    END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER users_rollups_delete BEFORE DELETE ON users BEGIN ${addLearner('old', '-1')}; END`)
    .execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Writers read the window with a share lock, so the daily move (which locks it exclusively) never
  // interleaves with a writer that coded its rows against the old window.
  const lockWindow = 'PERFORM 1 FROM assignment_rollup_window FOR SHARE';
  const fn = (name: string, body: string, returns = 'NULL') =>
    sql
      .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN ${lockWindow}; ${body}; RETURN ${returns}; END $$`)
      .execute(db);
  const part = (table: string, sign: string, where = '') =>
    `SELECT ${rollupKey('r', 'w', 'u.department_id', 'u.suspended')}, ${rollupValues('r', sign)}
      FROM ${table} r JOIN users u ON u.id = r.user_id CROSS JOIN assignment_rollup_window w
      WHERE r.status <> 'renewed' ${where}`;
  await fn('assignment_rollups_insert', addToRollups([part('new_rows', '1')]));
  await fn('assignment_rollups_delete', addToRollups([part('old_rows', '-1')]));
  const changed = WATCHED.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');
  const changedRow = (side: 'o' | 'n') =>
    `AND EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${side}.id = r.id AND (${changed}))`;
  await fn(
    'assignment_rollups_update',
    addToRollups([part('old_rows', '-1', changedRow('o')), part('new_rows', '1', changedRow('n'))]),
  );
  await sql`CREATE TRIGGER assignment_rollups_insert AFTER INSERT ON assignments REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION assignment_rollups_insert()`.execute(db);
  await sql`CREATE TRIGGER assignment_rollups_delete AFTER DELETE ON assignments REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION assignment_rollups_delete()`.execute(db);
  await sql`CREATE TRIGGER assignment_rollups_update AFTER UPDATE ON assignments
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION assignment_rollups_update()`.execute(db);
  const learnerPart = (users: string, sign: string) =>
    `SELECT ${rollupKey('a', 'w', 'x.department_id', 'x.suspended')}, ${rollupValues('a', sign)}
      FROM ${users} x JOIN assignments a ON a.user_id = x.id CROSS JOIN assignment_rollup_window w
      WHERE a.status <> 'renewed'`;
  const moved = (side: 'o' | 'n') => `(SELECT ${side}.* FROM old_users o JOIN new_users n ON n.id = o.id
    WHERE o.department_id IS DISTINCT FROM n.department_id OR o.suspended IS DISTINCT FROM n.suspended)`;
  await fn('users_rollups_move', addToRollups([learnerPart(moved('o'), '-1'), learnerPart(moved('n'), '1')]));
  await sql`CREATE TRIGGER users_rollups_move AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
    FOR EACH STATEMENT EXECUTE FUNCTION users_rollups_move()`.execute(db);
  // Row-level and before: the cascade deletes the assignments after the learner is gone.
  await fn(
    'users_rollups_delete',
    addToRollups([
      `SELECT ${rollupKey('a', 'w', 'old.department_id', 'old.suspended')}, ${rollupValues('a', '-1')}
        FROM assignments a CROSS JOIN assignment_rollup_window w WHERE a.user_id = old.id AND a.status <> 'renewed'`,
    ]),
    'old',
  );
  await sql`CREATE TRIGGER users_rollups_delete BEFORE DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_rollups_delete()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [trigger, table] of [
      ['assignment_rollups_insert', 'assignments'],
      ['assignment_rollups_delete', 'assignments'],
      ['assignment_rollups_update', 'assignments'],
      ['users_rollups_move', 'users'],
      ['users_rollups_delete', 'users'],
    ]) {
      await sql.raw(`DROP TRIGGER ${trigger} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${trigger}()`).execute(db);
    }
  } else {
    for (const trigger of [
      'assignment_rollups_insert',
      'assignment_rollups_delete',
      'assignment_rollups_update',
      'users_rollups_move',
      'users_rollups_delete',
    ])
      await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
  }
  await db.schema.dropTable('assignment_rollup_window').execute();
  await db.schema.dropTable('assignment_rollups').execute();
}
