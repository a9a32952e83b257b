import { type AssignmentReport, type ReportData, type exportReportQuery, reportTable } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import type { Cell, SpreadsheetDownload } from '../../platform/files/spreadsheet.ts';
import type { ReportCriteria } from './reports.criteria.ts';
import { reportCriteria } from './reports.filters.ts';
import { companyDepartmentLabel } from './reports.repository.ts';
import { type LearnerRow, learnerPageRows } from './reports.repository.ts';
import { type ReportsDeps, attributeSummaryOf, fewLearners, reportOf, userCompletionRow } from './reports.service.ts';

type ExportQuery = z.output<typeof exportReportQuery>;

/** Learners per batch of the user-completion-summary export (it holds every learner, not one page). */
const LEARNER_BATCH = 2000;
const NOT_FILTERS = new Set(['report', 'format']);

async function* learnerBatches(db: Kysely<Database>, c: ReportCriteria, department: string): AsyncGenerator<Cell[][]> {
  const few = await fewLearners(db, c);
  let after: LearnerRow | undefined;
  for (;;) {
    const rows = await learnerPageRows(db, c, { limit: LEARNER_BATCH, after, few });
    if (rows.length === 0) return;
    yield reportTable('user-completion-summary', rows.map(userCompletionRow), { department }).rows;
    if (rows.length < LEARNER_BATCH) return;
    after = rows.at(-1);
  }
}

async function* once(rows: Cell[][]): AsyncGenerator<Cell[][]> {
  yield rows;
}

/** A report's table for validated criteria: its header and its rows in batches (every learner, for user-completion-summary). */
export async function reportSheet(
  db: Kysely<Database>,
  criteria: ReportCriteria,
  report: AssignmentReport,
  attribute: string | undefined,
  department: string,
): Promise<{ header: string[]; rows: AsyncIterable<Cell[][]> }> {
  if (report === 'user-completion-summary')
    return { header: reportTable(report, [], { department }).header, rows: learnerBatches(db, criteria, department) };
  let data: ReportData[typeof report];
  if (report === 'attribute-summary') {
    if (!attribute) throw invalidField('attribute', 'Choose a custom field.');
    data = await attributeSummaryOf(db, criteria, attribute);
  } else {
    data = await (reportOf[report] as (db: Kysely<Database>, c: ReportCriteria) => Promise<typeof data>)(db, criteria);
  }
  const built = reportTable(report, data as never, { department });
  return { header: built.header, rows: once(built.rows) };
}

/**
 * GET /reports/assignments/export: one report as CSV or XLSX, the same table as its widget
 * (`reportTable` of the contract) for the same filters and reach; user-completion-summary streams
 * every learner in batches. Text cells are neutralised by the spreadsheet writers. Audited
 * (`reports.export`) when it ends.
 */
export async function exportReport(deps: ReportsDeps, ctx: AuthedContext, query: ExportQuery) {
  const criteria = await reportCriteria(deps.reader, ctx, query);
  const department = await companyDepartmentLabel(deps.reader, ctx.companyId);
  const { report } = query;
  const table = await reportSheet(deps.reader, criteria, report, query.attribute, department);
  const filter = Object.fromEntries(Object.entries(query).filter(([key]) => !NOT_FILTERS.has(key)));
  return {
    filename: `${report}-${criteria.now.slice(0, 10)}`,
    sheetName: report.slice(0, 31),
    header: table.header,
    format: query.format,
    rows: table.rows,
    onEnd: ({ rows, completed }: { rows: number; completed: boolean }) =>
      audit(deps.db, ctx, {
        action: 'reports.export',
        entityType: 'report',
        after: { report, format: query.format, filter, rows, completed },
      }),
  } satisfies SpreadsheetDownload;
}
