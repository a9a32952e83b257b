import { type Kysely, sql } from 'kysely';
import { rollupState, rollupTurnDay } from './046-assignment-rollups.ts';
import { createTriggerFunction, dropTriggers, isPostgres } from './helpers.ts';

/**
 * The assignments counted per learner's custom field value (issue 18 budget, decision 095): the
 * Home dashboard's "Assignments by status per <field>" summed at 10M assignments from these rows
 * instead of reading every assignment with its learner's value (43 s). Kept for the fields with
 * few values, select and yes/no, whose summary is a chart: per field, value, learner's deactivation
 * and department (0: none), course, stored state and turn day (as `assignment_rollups`, migration
 * 046, under the same window of days). No months: a summary over a period reads the table. A learner
 * without a value counts nowhere here; the summary finds that group as the total less the values.
 *
 * Triggers keep the rows for every writer: an assignment inserted, changed or deleted; a learner
 * moved, (de)activated or deleted (before the cascade); a value set, changed or cleared; a field
 * whose type starts or stops being kept (its rows are dropped, or filled from the table) or deleted.
 */

/** The key columns, in the order `attributeKey` gives their values. */
export const KEY = ['field_id', 'suspended', 'department_id', 'course_id', 'value', 'state', 'turn_day'] as const;
const KEY_LIST = KEY.join(', ');
const INSERT = `INSERT INTO attribute_rollups (${KEY_LIST}, n, score_sum, score_n)`;
const ON_CONFLICT = `ON CONFLICT (${KEY_LIST}) DO UPDATE SET n = attribute_rollups.n + excluded.n,
  score_sum = attribute_rollups.score_sum + excluded.score_sum,
  score_n = attribute_rollups.score_n + excluded.score_n`;

/** The field types whose values are kept. */
export const KEPT_FIELD_TYPES = ['select', 'boolean'] as const;
const kept = (f: string) => `${f}.type IN (${KEPT_FIELD_TYPES.map((t) => `'${t}'`).join(', ')})`;

/** The key of assignment `a` under value row `v`, the learner's department and deactivation given. */
export const attributeKey = (a: string, v: string, w: string, department: string, suspended: string) =>
  `${v}.field_id, ${suspended}, coalesce(${department}, 0), ${a}.course_id, ${v}.value, ${rollupState(a)}, ${rollupTurnDay(a, w)}`;

/** What assignment `a` adds (n, score_sum, score_n), times `sign`. */
const values = (a: string, sign: string) =>
  `${sign}, ${sign} * coalesce(CASE WHEN ${a}.status = 'completed' THEN ${a}.score END, 0),
    ${sign} * (CASE WHEN ${a}.status = 'completed' AND ${a}.score IS NOT NULL THEN 1 ELSE 0 END)`;

/** Whether assignment `a` and value `v` (of field `f`) count. */
const counts = (a: string, v: string, f: string) =>
  `${a}.status <> 'renewed' AND ${v}.value IS NOT NULL AND ${kept(f)}`;

/** SELECTs of (key, values) summed into the rollups, in key order (concurrent writers lock rows in one order). */
const addToRollups = (parts: string[]) =>
  `${INSERT} SELECT c0, c1, c2, c3, c4, c5, c6, sum(n), sum(s), sum(sn)
    FROM (${parts.join(' UNION ALL ')}) AS d (c0, c1, c2, c3, c4, c5, c6, n, s, sn)
    GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(sn) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7 ${ON_CONFLICT}`;

/** Every row from the table (one field's, or every kept field's), under the window as it stands: one GROUP BY. */
const fill = (fieldId?: string) =>
  `${INSERT} SELECT ${attributeKey('a', 'v', 'w', 'u.department_id', 'u.suspended')}, sum(1),
    sum(CASE WHEN a.status = 'completed' THEN coalesce(a.score, 0) ELSE 0 END),
    sum(CASE WHEN a.status = 'completed' AND a.score IS NOT NULL THEN 1 ELSE 0 END)
    FROM user_field_values v JOIN custom_fields f ON f.id = v.field_id JOIN users u ON u.id = v.user_id
    JOIN assignments a ON a.user_id = v.user_id CROSS JOIN assignment_rollup_window w
    WHERE ${counts('a', 'v', 'f')} ${fieldId ? `AND v.field_id = ${fieldId}` : ''} GROUP BY 1, 2, 3, 4, 5, 6, 7`;

/** Every row from the table, into an empty table. */
export async function fillAttributeRollups(db: Kysely<any>): Promise<void> {
  await sql.raw(fill()).execute(db);
}

/** The columns whose change moves an assignment to another row (as migration 046's). */
const WATCHED = ['status', 'started_at', 'progress', 'due_at', 'expires_at', 'completed_at', 'score', 'course_id'];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('attribute_rollups')
    .addColumn('field_id', 'integer', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('turn_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'bigint', (c) => c.notNull())
    .addColumn('score_n', 'integer', (c) => c.notNull())
    // Value third: a summary sums one field's rows in value order, with no sort (27 → 9 ms for the
    // 43,000 rows of the 10M bench's field); department and course filters test each row.
    .addPrimaryKeyConstraint('attribute_rollups_pk', [
      'field_id',
      'suspended',
      'value',
      'department_id',
      'course_id',
      'state',
      'turn_day',
    ])
    .modifyEnd(postgres ? sql`` : sql`WITHOUT ROWID`)
    .execute();
  await fillAttributeRollups(db);
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const trigger = (name: string, when: string, body: string[]) =>
    sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN ${body.join('; ')}; END`).execute(db);
  // SQLite upserts row by row, so a key repeated in one INSERT … SELECT just adds again: no GROUP BY.
  const byAssignment = (a: string, sign: string) =>
    `${INSERT} SELECT ${attributeKey(a, 'v', 'w', 'u.department_id', 'u.suspended')}, ${values(a, sign)}
      FROM users u, user_field_values v, custom_fields f, assignment_rollup_window w
      WHERE u.id = ${a}.user_id AND v.user_id = u.id AND f.id = v.field_id AND ${counts(a, 'v', 'f')} ${ON_CONFLICT}`;
  const byLearner = (x: string, sign: string) =>
    `${INSERT} SELECT ${attributeKey('a', 'v', 'w', `${x}.department_id`, `${x}.suspended`)}, ${values('a', sign)}
      FROM user_field_values v, custom_fields f, assignments a, assignment_rollup_window w
      WHERE v.user_id = ${x}.id AND f.id = v.field_id AND a.user_id = ${x}.id AND ${counts('a', 'v', 'f')} ${ON_CONFLICT}`;
  const byValue = (v: string, sign: string) =>
    `${INSERT} SELECT ${attributeKey('a', v, 'w', 'u.department_id', 'u.suspended')}, ${values('a', sign)}
      FROM users u, custom_fields f, assignments a, assignment_rollup_window w
      WHERE u.id = ${v}.user_id AND f.id = ${v}.field_id AND a.user_id = ${v}.user_id AND ${counts('a', v, 'f')} ${ON_CONFLICT}`;
  const changed = (columns: string[]) => columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  await trigger('attribute_rollups_insert', 'AFTER INSERT ON assignments', [byAssignment('new', '1')]);
  await trigger('attribute_rollups_delete', 'AFTER DELETE ON assignments', [byAssignment('old', '-1')]);
  await trigger(
    'attribute_rollups_update',
    `AFTER UPDATE OF ${WATCHED.join(', ')} ON assignments WHEN ${changed(WATCHED)}`,
    [byAssignment('old', '-1'), byAssignment('new', '1')],
  );
  await trigger(
    'users_attribute_rollups_move',
    `AFTER UPDATE OF department_id, suspended ON users WHEN ${changed(['department_id', 'suspended'])}`,
    [byLearner('old', '-1'), byLearner('new', '1')],
  );
  // Before: by the time the cascade deletes the learner's assignments and values, the learner is gone
  // and their triggers' joins find nothing.
  await trigger('users_attribute_rollups_delete', 'BEFORE DELETE ON users', [byLearner('old', '-1')]);
  await trigger('field_values_rollups_insert', 'AFTER INSERT ON user_field_values', [byValue('new', '1')]);
  await trigger('field_values_rollups_delete', 'AFTER DELETE ON user_field_values', [byValue('old', '-1')]);
  await trigger(
    'field_values_rollups_update',
    `AFTER UPDATE OF value, field_id, user_id ON user_field_values WHEN ${changed(['value', 'field_id', 'user_id'])}`,
    [byValue('old', '-1'), byValue('new', '1')],
  );
  await trigger(
    'custom_fields_rollups_type',
    `AFTER UPDATE OF type ON custom_fields WHEN (${kept('old')}) IS NOT (${kept('new')})`,
    [`DELETE FROM attribute_rollups WHERE field_id = new.id`, fill('new.id')],
  );
  await trigger('custom_fields_rollups_delete', 'AFTER DELETE ON custom_fields', [
    'DELETE FROM attribute_rollups WHERE field_id = old.id',
  ]);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Writers read the window with a share lock, as migration 046's do (the daily move locks it exclusively).
  const fn = (name: string, body: string, returns?: string) =>
    createTriggerFunction(db, name, `PERFORM 1 FROM assignment_rollup_window FOR SHARE; ${body}`, returns);
  const statementTrigger = (name: string, event: string, table: string, tables: string) =>
    sql
      .raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${tables}
        FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`)
      .execute(db);
  const NEW = 'NEW TABLE AS new_rows';
  const OLD = 'OLD TABLE AS old_rows';

  const byAssignment = (table: string, sign: string, where = '') =>
    `SELECT ${attributeKey('r', 'v', 'w', 'u.department_id', 'u.suspended')}, ${values('r', sign)}
      FROM ${table} r JOIN users u ON u.id = r.user_id JOIN user_field_values v ON v.user_id = r.user_id
      JOIN custom_fields f ON f.id = v.field_id CROSS JOIN assignment_rollup_window w
      WHERE ${counts('r', 'v', 'f')} ${where}`;
  const assignmentChanged = (side: 'o' | 'n') =>
    `AND EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${side}.id = r.id
      AND (${WATCHED.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ')}))`;
  await fn('attribute_rollups_insert', addToRollups([byAssignment('new_rows', '1')]));
  await fn('attribute_rollups_delete', addToRollups([byAssignment('old_rows', '-1')]));
  await fn(
    'attribute_rollups_update',
    addToRollups([
      byAssignment('old_rows', '-1', assignmentChanged('o')),
      byAssignment('new_rows', '1', assignmentChanged('n')),
    ]),
  );
  await statementTrigger('attribute_rollups_insert', 'INSERT', 'assignments', NEW);
  await statementTrigger('attribute_rollups_delete', 'DELETE', 'assignments', OLD);
  await statementTrigger('attribute_rollups_update', 'UPDATE', 'assignments', `${OLD} ${NEW}`);

  const byLearner = (users: string, sign: string) =>
    `SELECT ${attributeKey('a', 'v', 'w', 'x.department_id', 'x.suspended')}, ${values('a', sign)}
      FROM ${users} x JOIN user_field_values v ON v.user_id = x.id JOIN custom_fields f ON f.id = v.field_id
      JOIN assignments a ON a.user_id = x.id CROSS JOIN assignment_rollup_window w WHERE ${counts('a', 'v', 'f')}`;
  const byDeletedLearner = `SELECT ${attributeKey('a', 'v', 'w', 'old.department_id', 'old.suspended')}, ${values('a', '-1')}
      FROM user_field_values v JOIN custom_fields f ON f.id = v.field_id JOIN assignments a ON a.user_id = v.user_id
      CROSS JOIN assignment_rollup_window w WHERE v.user_id = old.id AND ${counts('a', 'v', 'f')}`;
  const moved = (side: 'o' | 'n') => `(SELECT ${side}.* FROM old_users o JOIN new_users n ON n.id = o.id
    WHERE o.department_id IS DISTINCT FROM n.department_id OR o.suspended IS DISTINCT FROM n.suspended)`;
  await fn('users_attribute_rollups_move', addToRollups([byLearner(moved('o'), '-1'), byLearner(moved('n'), '1')]));
  await sql`CREATE TRIGGER users_attribute_rollups_move AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
    FOR EACH STATEMENT EXECUTE FUNCTION users_attribute_rollups_move()`.execute(db);
  // Row-level and before: the cascade deletes the assignments and values after the learner is gone.
  await fn('users_attribute_rollups_delete', addToRollups([byDeletedLearner]), 'old');
  await sql`CREATE TRIGGER users_attribute_rollups_delete BEFORE DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_attribute_rollups_delete()`.execute(db);

  const byValue = (table: string, sign: string) =>
    `SELECT ${attributeKey('a', 'r', 'w', 'u.department_id', 'u.suspended')}, ${values('a', sign)}
      FROM ${table} r JOIN users u ON u.id = r.user_id JOIN custom_fields f ON f.id = r.field_id
      JOIN assignments a ON a.user_id = r.user_id CROSS JOIN assignment_rollup_window w
      WHERE ${counts('a', 'r', 'f')}`;
  await fn('field_values_rollups_insert', addToRollups([byValue('new_rows', '1')]));
  await fn('field_values_rollups_delete', addToRollups([byValue('old_rows', '-1')]));
  // Old rows off, new rows on: a row the statement left unchanged adds nothing (HAVING drops the zero sums).
  await fn('field_values_rollups_update', addToRollups([byValue('old_rows', '-1'), byValue('new_rows', '1')]));
  await statementTrigger('field_values_rollups_insert', 'INSERT', 'user_field_values', NEW);
  await statementTrigger('field_values_rollups_delete', 'DELETE', 'user_field_values', OLD);
  await statementTrigger('field_values_rollups_update', 'UPDATE', 'user_field_values', `${OLD} ${NEW}`);

  await fn(
    'custom_fields_rollups_type',
    `IF (${kept('old')}) IS DISTINCT FROM (${kept('new')}) THEN
      DELETE FROM attribute_rollups WHERE field_id = new.id; ${fill('new.id')}; END IF`,
  );
  await sql`CREATE TRIGGER custom_fields_rollups_type AFTER UPDATE ON custom_fields
    FOR EACH ROW EXECUTE FUNCTION custom_fields_rollups_type()`.execute(db);
  await fn('custom_fields_rollups_delete', 'DELETE FROM attribute_rollups WHERE field_id = old.id');
  await sql`CREATE TRIGGER custom_fields_rollups_delete AFTER DELETE ON custom_fields
    FOR EACH ROW EXECUTE FUNCTION custom_fields_rollups_delete()`.execute(db);
}

const TRIGGERS = [
  ['attribute_rollups_insert', 'assignments'],
  ['attribute_rollups_delete', 'assignments'],
  ['attribute_rollups_update', 'assignments'],
  ['users_attribute_rollups_move', 'users'],
  ['users_attribute_rollups_delete', 'users'],
  ['field_values_rollups_insert', 'user_field_values'],
  ['field_values_rollups_delete', 'user_field_values'],
  ['field_values_rollups_update', 'user_field_values'],
  ['custom_fields_rollups_type', 'custom_fields'],
  ['custom_fields_rollups_delete', 'custom_fields'],
] as const;

export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, TRIGGERS);
  await db.schema.dropTable('attribute_rollups').execute();
}
