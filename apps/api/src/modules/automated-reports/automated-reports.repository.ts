import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { AutomatedReportsTable, Database } from '../../db/types.ts';

export type ReportRow = Selectable<AutomatedReportsTable>;
export type ReportValues = Omit<
  Insertable<AutomatedReportsTable>,
  'id' | 'company_id' | 'created_by' | 'created_at' | 'updated_at' | 'last_run_at' | 'last_status'
>;

/** The latest run of each report, for the list. */
export interface LastRunRow {
  report_id: number;
  id: number;
  status: string;
  created_at: string;
  finished_at: string | null;
}

const SORT_COLUMNS = {
  name: 'name',
  next_run_at: 'next_run_at',
  last_run_at: 'last_run_at',
  id: 'id',
} as const;

export async function listReports(
  db: Kysely<Database>,
  companyId: number,
  q: {
    text?: string | undefined;
    sort: keyof typeof SORT_COLUMNS;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  // One company's handful of reports: a plain filtered query on `automated_reports_company_name`.
  const like = q.text ? `%${q.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const base = db
    .selectFrom('automated_reports')
    .where('company_id', '=', companyId)
    .$if(like !== null, (qb) => qb.where(sql`lower(name)`, 'like', sql`${like} ESCAPE '\\'`));
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy(SORT_COLUMNS[q.sort], q.order)
      .orderBy('id', q.order)
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findReport(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('automated_reports')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findReportById(db: Kysely<Database>, id: number) {
  return db.selectFrom('automated_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isNameTaken(db: Kysely<Database>, companyId: number, name: string, exceptId: number | null) {
  const row = await db
    .selectFrom('automated_reports')
    .select('id')
    .where('company_id', '=', companyId)
    .where('name', '=', name)
    .$if(exceptId !== null, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReport(
  db: Kysely<Database>,
  companyId: number,
  values: ReportValues,
  createdBy: number | null,
  now: string,
) {
  const row = await db
    .insertInto('automated_reports')
    .values({ ...values, company_id: companyId, created_by: createdBy, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReport(
  db: Kysely<Database>,
  id: number,
  values: Updateable<AutomatedReportsTable>,
): Promise<void> {
  await db.updateTable('automated_reports').set(values).where('id', '=', id).execute();
}

export async function deleteReport(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('automated_reports').where('id', '=', id).execute();
}

/** The latest run of each of the reports (history index `automated_report_runs_report`). */
export async function lastRuns(db: Kysely<Database>, reportIds: number[]): Promise<Map<number, LastRunRow>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('automated_report_runs as r')
    .select(['r.report_id', 'r.id', 'r.status', 'r.created_at', 'r.finished_at'])
    .where('r.report_id', 'in', reportIds)
    .where('r.id', '=', (eb) =>
      eb
        .selectFrom('automated_report_runs as latest')
        .select((e) => e.fn.max('latest.id').as('id'))
        .whereRef('latest.report_id', '=', 'r.report_id'),
    )
    .execute();
  return new Map(rows.map((row) => [row.report_id, row]));
}

/** People of the company by id (active or not), for the recipients' names. */
export async function findPeople(db: Kysely<Database>, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username', 'email', 'role', 'site_admin', 'suspended', 'department_id'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

/** Console users of the company who can receive reports: Company Managers, Department Managers and Reviewers, active. */
export async function findRecipientChoices(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username', 'email', 'role'])
    .where('company_id', '=', companyId)
    .where('role', 'in', [1, 2, 3])
    .where('suspended', '=', 0)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .limit(1000)
    .execute();
}

export async function findCompanyZone(db: Kysely<Database>, companyId: number) {
  const row = await db
    .selectFrom('companies')
    .select(['name', 'time_zone'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row;
}

/** Enabled reports whose next run falls before `horizon` (index `automated_reports_due`), soonest first. */
export async function findDueReports(db: Kysely<Database>, horizon: string, limit: number) {
  return db
    .selectFrom('automated_reports')
    .selectAll()
    .where('active', '=', 1)
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<', horizon)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();
}

/** Moves a report's next run on, only if no other sweep has already (compare-and-set on the old value). */
export async function advanceNextRun(db: Kysely<Database>, id: number, from: string, to: string | null) {
  const result = await db
    .updateTable('automated_reports')
    .set({ next_run_at: to })
    .where('id', '=', id)
    .where('next_run_at', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
