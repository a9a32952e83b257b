import { Readable } from 'node:stream';
import {
  AUTOMATED_REPORT_TITLES,
  type AssignmentReport,
  type AutomatedReportFilters,
  type AutomatedReportFormat,
  ROLE,
  automatedReportQuery,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';
import { csvWriter } from '../../platform/files/csv-writer.ts';
import type { Cell, CsvBatch, SheetWriter } from '../../platform/files/spreadsheet-cells.ts';
import { xlsxWriter } from '../../platform/files/xlsx-writer.ts';
import { departmentScope } from '../../platform/scope.ts';
import { type FileStorage, safeFileName } from '../../platform/storage.ts';
import { type ReportCriteria, companyDepartmentLabel, reportCriteria, reportSheet } from '../reports/index.ts';
import { PDF_MAX_ROWS, pdfSummary } from './pdf-summary.ts';

/** The largest file a run writes for one recipient. */
const MAX_FILE_BYTES = 512 * 1024 * 1024;

export type Recipient = Pick<UserRow, 'id' | 'role' | 'site_admin' | 'department_id' | 'username'> & {
  name: string;
};

/** The whole company, as a site admin reads it: filters are validated and applied against this, then cut to a recipient. */
export const companyWideCaller = (companyId: number, now: Date) => ({
  companyId,
  now: () => now,
  user: { id: 0, role: ROLE.CompanyManager, site_admin: 1, department_id: null },
});

/**
 * The criteria of the report's filters cut to one recipient's reach, as the report endpoints cut them
 * (platform/scope.ts): a Department Manager's or Reviewer's department subtrees intersected with the
 * filter's subtrees. A filter department outside the recipient's reach leaves them nothing of it,
 * where the endpoint would answer 403.
 */
export async function recipientCriteria(
  db: Kysely<Database>,
  companyId: number,
  recipient: Recipient,
  filters: AutomatedReportFilters,
  now: Date,
): Promise<ReportCriteria> {
  const criteria = await reportCriteria(db, companyWideCaller(companyId, now), automatedReportQuery(filters));
  const scope = await departmentScope(db, { user: recipient, companyId });
  if (scope === null) return criteria;
  const reach = new Set(scope);
  return {
    ...criteria,
    departments: criteria.departments === null ? scope : criteria.departments.filter((id) => reach.has(id)),
  };
}

export interface FileInput {
  runId: number;
  reportId: number;
  companyId: number;
  companyName: string;
  name: string;
  report: AssignmentReport;
  filters: AutomatedReportFilters;
  format: AutomatedReportFormat;
  recipient: Recipient;
  now: Date;
  /** The filters in words, for the PDF's heading. */
  filterText: string;
}

export interface WrittenFile {
  key: string;
  fileName: string;
  size: number;
  rows: number;
}

const rowsIn = (batch: CsvBatch) => ('csv' in batch ? batch.rows : batch.length);

async function writeSheet(
  writer: SheetWriter<CsvBatch>,
  rows: AsyncIterable<Cell[][]>,
  storage: FileStorage,
  key: string,
) {
  const staged = storage.stage(writer.body, MAX_FILE_BYTES);
  const signal = new AbortController().signal;
  let count = 0;
  try {
    for await (const batch of rows) {
      await writer.write(batch, signal);
      count += rowsIn(batch);
    }
    await writer.end(signal);
  } catch (error) {
    writer.body.destroy(error as Error);
    await staged.then((file) => file.discard()).catch(() => undefined);
    throw error;
  }
  const file = await staged;
  if (file.tooLarge) throw new Error('The report file is larger than 512 MB.');
  await file.commit(key);
  return { size: file.size, rows: count };
}

async function writePdf(
  input: FileInput,
  header: string[],
  rows: AsyncIterable<Cell[][]>,
  storage: FileStorage,
  key: string,
) {
  const printed: Cell[][] = [];
  let count = 0;
  for await (const batch of rows) {
    for (const row of batch) if (printed.length < PDF_MAX_ROWS) printed.push(row);
    count += batch.length;
  }
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const bytes = await pdfSummary({
    title: `${input.name}: ${AUTOMATED_REPORT_TITLES[input.report]}`,
    lines: [
      `${input.companyName}, for ${input.recipient.name}`,
      `Filters: ${input.filterText}`,
      `Made ${when.format(input.now)} UTC`,
    ],
    header,
    rows: printed,
    more: count - printed.length,
  });
  const file = await storage.stage(Readable.from([Buffer.from(bytes)]), MAX_FILE_BYTES);
  await file.commit(key);
  return { size: file.size, rows: count };
}

/**
 * Writes one recipient's file of a run to storage: the report's table (`reportSheet`, as the
 * dashboard's export builds it) for the filters cut to the recipient's reach, as CSV or XLSX (every
 * row, streamed) or a PDF summary. Its key is fixed per run and recipient, so a retried run
 * overwrites instead of leaving a stray file.
 */
export async function writeRecipientFile(
  db: Kysely<Database>,
  storage: FileStorage,
  input: FileInput,
): Promise<WrittenFile> {
  const criteria = await recipientCriteria(db, input.companyId, input.recipient, input.filters, input.now);
  const department = await companyDepartmentLabel(db, input.companyId);
  const sheet = await reportSheet(db, criteria, input.report, input.filters.attribute ?? undefined, department);
  const day = input.now.toISOString().slice(0, 10);
  const fileName = `${safeFileName(`${input.name}-${day}-${input.recipient.username}`)}.${input.format}`;
  const key = `${input.companyId}/${input.reportId}/${input.runId}/${input.recipient.id}.${input.format}`;
  const written =
    input.format === 'pdf'
      ? await writePdf(input, sheet.header, sheet.rows, storage, key)
      : await writeSheet(
          (input.format === 'csv'
            ? csvWriter(sheet.header)
            : xlsxWriter(input.report.slice(0, 31), sheet.header)) as SheetWriter<CsvBatch>,
          sheet.rows,
          storage,
          key,
        );
  return { key, fileName, ...written };
}
