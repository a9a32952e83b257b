import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

/**
 * SQLite only (decision 094): `assignment_rollup_totals` is `assignment_rollups` (migration 046)
 * without the months assigned and completed — per company, deactivation, department (0: none),
 * course, stored state and turn day. A count with no period (the assignments list's totals, the
 * dashboard's status counts, department and course summaries) sums these few thousand rows instead of
 * the ~70,000 rollup rows a 10M-assignment company holds (35 ms → a few ms on SQLite).
 *
 * Triggers on the rollups keep it: every change of a rollup row (an assignment's trigger, the daily
 * window move, a rebuild) is added to its total row. SQLite has one writer at a time; on PostgreSQL,
 * concurrent writers would lock these coarser rows in an order their rollup rows do not follow, so
 * PostgreSQL keeps summing the rollups (its budget is 150 ms).
 */

const KEY_LIST = 'company_id, suspended, department_id, course_id, state, turn_day';
const SOURCE = 'assignment_rollups';

/** Adds rollup row `r` (new or old), times `sign`, to its total row. */
const addRow = (r: 'new' | 'old', sign: '1' | '-1') =>
  `INSERT INTO assignment_rollup_totals (${KEY_LIST}, n, score_sum, score_n)
    VALUES (${KEY_LIST.split(', ')
      .map((column) => `${r}.${column}`)
      .join(', ')}, ${sign} * ${r}.n, ${sign} * ${r}.score_sum, ${sign} * ${r}.score_n)
    ON CONFLICT (${KEY_LIST}) DO UPDATE SET n = assignment_rollup_totals.n + excluded.n,
      score_sum = assignment_rollup_totals.score_sum + excluded.score_sum,
      score_n = assignment_rollup_totals.score_n + excluded.score_n`;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema
    .createTable('assignment_rollup_totals')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('suspended', 'integer', (c) => c.notNull())
    .addColumn('department_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('turn_day', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('score_sum', 'bigint', (c) => c.notNull())
    .addColumn('score_n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('assignment_rollup_totals_pk', KEY_LIST.split(', ') as never)
    .modifyEnd(sql`WITHOUT ROWID`)
    .execute();
  await sql
    .raw(`INSERT INTO assignment_rollup_totals (${KEY_LIST}, n, score_sum, score_n)
      SELECT ${KEY_LIST}, sum(n), sum(score_sum), sum(score_n) FROM ${SOURCE}
      GROUP BY ${KEY_LIST} HAVING sum(n) <> 0`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER assignment_rollup_totals_insert AFTER INSERT ON ${SOURCE} BEGIN ${addRow('new', '1')}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER assignment_rollup_totals_update AFTER UPDATE ON ${SOURCE} BEGIN
      ${addRow('old', '-1')}; ${addRow('new', '1')}; END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER assignment_rollup_totals_delete AFTER DELETE ON ${SOURCE} BEGIN ${addRow('old', '-1')}; END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const suffix of ['insert', 'update', 'delete'])
    await sql.raw(`DROP TRIGGER assignment_rollup_totals_${suffix}`).execute(db);
  await db.schema.dropTable('assignment_rollup_totals').execute();
}
