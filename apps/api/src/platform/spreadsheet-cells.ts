// What both spreadsheet writers (CSV, XLSX) share: the cell type, formula neutralising, the writer shape.
import type { Readable } from 'node:stream';

/** A cell: text (neutralised on the way out), a number, or empty. */
export type Cell = string | number | null | undefined;

/** One format's writer: `sendSpreadsheet` pumps the rows through it. */
export interface SheetWriter {
  /** The response body. */
  body: Readable;
  /** Writes rows; resolves when there is room for more, rejects when `signal` aborts first. */
  write(rows: readonly (readonly Cell[])[], signal: AbortSignal): Promise<void>;
  end(signal: AbortSignal): Promise<void>;
}

/** What spreadsheet programs read as the start of a formula, full-width forms included (Apple Numbers folds them). */
const FORMULA_START = new Set([...'=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20'].map((char) => char.charCodeAt(0)));

/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a text cell starting with `=`, `+`, `-`,
 * `@`, tab or CR gets a leading single quote, so a name like `=HYPERLINK(…)` stays text. Numbers
 * are written as numbers and never need it.
 */
export function neutraliseFormula(value: string): string {
  // A look at one character code: this runs for every cell of an export.
  return FORMULA_START.has(value.charCodeAt(0)) ? `'${value}` : value;
}

export const textCell = (value: Cell): Cell => (typeof value === 'string' ? neutraliseFormula(value) : value);
