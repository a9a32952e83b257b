// CSV rows that a database query wrote itself, one batch as one string, finished here in a few passes
// over the whole batch: only the cells that need quoting, neutralising or a number's spelling are
// touched one by one. Building every cell's quoting in SQL costs the database more than this.
import { csvField } from './csv-writer.ts';
import { FORMULA_START_CHARS } from './spreadsheet-cells.ts';

/**
 * The control characters a query writes between and around its cells (see `finishCsvLines`).
 * Text that holds one of them itself is found out by the count of separators and refused.
 */
export const CSV_LINE_CODES = {
  /** Between two cells: becomes a comma. */
  cell: 0x1f,
  /** After each row, two characters: become CR LF. */
  rowEnd: [0x1e, 0x1c],
  /** In front of a number cell's text (never in front of NULL): the text is spelt as JavaScript reads it. */
  number: 0x1d,
} as const;

const CELL = String.fromCharCode(CSV_LINE_CODES.cell);
const ROW_END = String.fromCharCode(CSV_LINE_CODES.rowEnd[0]);
const ROW_START = String.fromCharCode(CSV_LINE_CODES.rowEnd[1]);
const NUMBER = String.fromCharCode(CSV_LINE_CODES.number);

const hex = (text: string) =>
  [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
/** Where a cell may need work: a quote, comma, line break or number mark in it, or a formula character opening it. */
const WORK = new RegExp(`[",\\r\\n${hex(NUMBER)}]|(?:^|[${hex(CELL + ROW_START)}])[${hex(FORMULA_START_CHARS)}]`, 'g');

/** A number cell as the cell writer spells it: a finite number as JavaScript prints it, anything else as text. */
function numberCell(text: string): string {
  const value = Number(text);
  return Number.isFinite(value) ? String(value) : csvField(text);
}

/** The batch with every cell that needs it finished, and how many number marks it took away. */
function finishCells(text: string): { text: string; numbers: number } {
  let out = '';
  let done = 0;
  let numbers = 0;
  WORK.lastIndex = 0;
  for (let match = WORK.exec(text); match !== null; match = WORK.exec(text)) {
    const first = text.charCodeAt(match.index);
    const at = first === CSV_LINE_CODES.cell || first === CSV_LINE_CODES.rowEnd[1] ? match.index + 1 : match.index;
    const start = Math.max(text.lastIndexOf(CELL, at - 1), text.lastIndexOf(ROW_START, at - 1)) + 1;
    let end = text.indexOf(CELL, at);
    const rowEnd = text.indexOf(ROW_END, at);
    if (end === -1 || (rowEnd !== -1 && rowEnd < end)) end = rowEnd === -1 ? text.length : rowEnd;
    const cell = text.slice(start, end);
    const isNumber = cell.charCodeAt(0) === CSV_LINE_CODES.number;
    if (isNumber) numbers++;
    out += text.slice(done, start) + (isNumber ? numberCell(cell.slice(1)) : csvField(cell));
    done = end;
    WORK.lastIndex = end;
  }
  return { text: done === 0 ? text : out + text.slice(done), numbers };
}

/** Turns the separators into commas and CR LF in place; false unless they are exactly the query's. */
function separatorsToCsv(bytes: Buffer, rows: number, columns: number): boolean {
  let cells = 0;
  let rowEnds = 0;
  let rowStarts = 0;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (byte < 0x1c || byte > 0x1f) continue;
    if (byte === CSV_LINE_CODES.cell) {
      bytes[index] = 0x2c;
      cells++;
    } else if (byte === CSV_LINE_CODES.rowEnd[0]) {
      bytes[index] = 0x0d;
      rowEnds++;
    } else if (byte === CSV_LINE_CODES.rowEnd[1]) {
      bytes[index] = 0x0a;
      rowStarts++;
    } else {
      return false;
    }
  }
  return cells === rows * (columns - 1) && rowEnds === rows && rowStarts === rows;
}

/**
 * A batch of CSV rows written by a query as the CSV writer would write the same cells: `text` is
 * each row's cells as text (NULL as empty) with `CSV_LINE_CODES.cell` between them and
 * `CSV_LINE_CODES.rowEnd` after the row, a number cell's text behind `CSV_LINE_CODES.number`.
 * Returns the UTF-8 bytes, or null when the text held one of those codes itself (the counts of
 * `rows`, `columns` and `numbers`, the number marks written, do not add up): the caller then
 * writes that batch from its cells.
 */
export function finishCsvLines(
  text: string,
  expected: { rows: number; columns: number; numbers: number },
): Buffer | null {
  const finished = finishCells(text);
  if (finished.numbers !== expected.numbers) return null;
  const bytes = Buffer.from(finished.text);
  return separatorsToCsv(bytes, expected.rows, expected.columns) ? bytes : null;
}
