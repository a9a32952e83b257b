// What both spreadsheet writers (CSV, XLSX) share: the cell type, formula neutralising, the writer shape.
import type { Readable } from 'node:stream';

/** A cell: text (neutralised on the way out), a number, or empty. */
export type Cell = string | number | null | undefined;

/** A batch of rows as cells. */
export type CellRows = readonly (readonly Cell[])[];

/** A batch of rows already written as CSV (`csv-lines.ts`): the CSV writer sends the bytes as they are. */
export interface CsvRows {
  csv: Buffer;
  rows: number;
}

/** What a CSV download's batches may be: cells, or rows already written as CSV. */
export type CsvBatch = CellRows | CsvRows;

/** One format's writer: `sendSpreadsheet` pumps the batches through it. */
export interface SheetWriter<Batch = CellRows> {
  /** The response body. */
  body: Readable;
  /** Writes a batch; resolves when there is room for more, rejects when `signal` aborts first. */
  write(batch: Batch, signal: AbortSignal): Promise<void>;
  end(signal: AbortSignal): Promise<void>;
}

/** What spreadsheet programs read as the start of a formula, full-width forms included (Apple Numbers folds them). */
export const FORMULA_START_CHARS = '=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20';
const FORMULA_START = new Set([...FORMULA_START_CHARS].map((char) => char.charCodeAt(0)));

/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a text cell starting with `=`, `+`, `-`,
 * `@`, tab or CR gets a leading single quote, so a name like `=HYPERLINK(…)` stays text. Numbers
 * are written as numbers and never need it.
 */
export function neutraliseFormula(value: string): string {
  // A look at one character code: this runs for every cell of an export.
  return FORMULA_START.has(value.charCodeAt(0)) ? `'${value}` : value;
}

/**
 * A cell as written before `neutraliseFormula`: a leading single quote before a formula start is taken
 * away again, so that an exported phone `'+44 20 7946 0000` imports as `+44 20 7946 0000`.
 */
export function restoreFormulaText(value: string): string {
  return value.charCodeAt(0) === 39 && FORMULA_START.has(value.charCodeAt(1)) ? value.slice(1) : value;
}
