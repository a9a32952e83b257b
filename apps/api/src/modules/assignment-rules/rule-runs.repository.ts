import { type Kysely, type Selectable, sql } from 'kysely';
import type { AssignmentRuleRunsTable, Database } from '../../db/types.ts';

export type RunRow = Selectable<AssignmentRuleRunsTable> & {
  started_by_first: string | null;
  started_by_last: string | null;
};

export interface NewRun {
  companyId: number;
  ruleId: number;
  ruleName: string;
  trigger: string;
  startedBy: number | null;
  now: string;
}

export async function insertRun(db: Kysely<Database>, run: NewRun): Promise<number> {
  const row = await db
    .insertInto('assignment_rule_runs')
    .values({
      company_id: run.companyId,
      rule_id: run.ruleId,
      rule_name: run.ruleName,
      trigger: run.trigger,
      status: 'running',
      started_by: run.startedBy,
      job_id: null,
      started_at: run.now,
      finished_at: null,
      undone_at: null,
      undone_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setRunJob(db: Kysely<Database>, runId: number, jobId: number) {
  await db.updateTable('assignment_rule_runs').set({ job_id: jobId }).where('id', '=', runId).execute();
}

export async function finishRun(
  db: Kysely<Database>,
  runId: number,
  values: {
    learners: number;
    created: number;
    already_assigned: number;
    protected: number;
    status: string;
    now: string;
  },
) {
  const { now, ...rest } = values;
  await db
    .updateTable('assignment_rule_runs')
    .set({ ...rest, finished_at: now })
    .where('id', '=', runId)
    .execute();
}

/** A run that stopped before its last chunk (what it wrote stays; undo still finds it by run id). */
export async function failRun(db: Kysely<Database>, runId: number, now: string) {
  await db
    .updateTable('assignment_rule_runs')
    .set({ status: 'failed', finished_at: now })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .execute();
}

/** A run's partial counts while its job works through the learners (the console's progress). */
export async function saveRunProgress(db: Kysely<Database>, runId: number, learners: number, created: number) {
  await db.updateTable('assignment_rule_runs').set({ learners, created }).where('id', '=', runId).execute();
}

export async function markRunUndone(
  db: Kysely<Database>,
  runId: number,
  by: number | null,
  undone: number,
  now: string,
) {
  await db
    .updateTable('assignment_rule_runs')
    .set({ status: 'undone', undone_at: now, undone_by: by, undone })
    .where('id', '=', runId)
    .execute();
}

export async function deleteRun(db: Kysely<Database>, runId: number) {
  await db.deleteFrom('assignment_rule_runs').where('id', '=', runId).execute();
}

const runs = (db: Kysely<Database>) =>
  db
    .selectFrom('assignment_rule_runs')
    .leftJoin('users as starter', 'starter.id', 'assignment_rule_runs.started_by')
    .selectAll('assignment_rule_runs')
    .select(['starter.first_name as started_by_first', 'starter.last_name as started_by_last']);

export function findRun(db: Kysely<Database>, companyId: number, ruleId: number, runId: number) {
  return runs(db)
    .where('assignment_rule_runs.id', '=', runId)
    .where('assignment_rule_runs.rule_id', '=', ruleId)
    .where('assignment_rule_runs.company_id', '=', companyId)
    .executeTakeFirst();
}

export async function listRuns(
  db: Kysely<Database>,
  companyId: number,
  ruleId: number,
  page: { limit: number; offset: number },
) {
  const where = { company: companyId, rule: ruleId };
  const total = await db
    .selectFrom('assignment_rule_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', where.company)
    .where('rule_id', '=', where.rule)
    .executeTakeFirstOrThrow();
  const rows = await runs(db)
    .where('assignment_rule_runs.company_id', '=', companyId)
    .where('assignment_rule_runs.rule_id', '=', ruleId)
    .orderBy('assignment_rule_runs.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

/** True when a run of this rule is still writing (a second "run now" waits for it). */
export async function hasRunningRun(db: Kysely<Database>, ruleId: number) {
  const row = await db
    .selectFrom('assignment_rule_runs')
    .select('id')
    .where('rule_id', '=', ruleId)
    .where('status', '=', 'running')
    .where(sql`job_id`, 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
