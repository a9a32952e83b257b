import { type Readable, Transform } from 'node:stream';

// What an import reads of a file, at most, and the refusal when a file asks for more. The numbers are
// decision 044's: far above what a real spreadsheet needs, low enough that no file can hold a core or
// the server's memory for long (every reader is linear in its input and holds at most a row).

/** A file Heed will not read. Its message is for the person who uploaded it: an upload answers 422 with it. */
export class FileRefusedError extends Error {}

const MiB = 1024 * 1024;

export const READ_LIMITS = {
  /**
   * Columns of a row. The contract's mapping holds at most 500 columns (`importMapping.max(500)`): a
   * header past that could be stored but never shown again. Empty cells past it are dropped silently.
   */
  columns: 500,
  /** One cell's text: Excel's own limit. */
  cellChars: 32_767,
  /**
   * One row's text, all cells together. A shared string is stored once but copied into every cell that
   * uses it: without this a small sheet could make each of a chunk's 1,000 rows hold megabytes.
   */
  rowChars: 64 * 1024,
  /** One CSV record as written (quotes included): a quote left open stops here, not at the end of the file. */
  csvRecordChars: MiB,
  /** One `<row>` of a sheet as XML; a real row of 15 columns is about 600 characters. */
  rowXmlChars: MiB,
  /** One shared string `<si>` as XML: a cell of 32,767 characters, escapes and rich-text runs included. */
  sharedStringXmlChars: 256 * 1024,
  /** An upload's preview reads the header and a few rows; if they are not in this much of the file (or sheet), they are not there. */
  headScanBytes: 16 * MiB,
  /** And it reads them within this time, on the API's thread: a backstop behind the limits above. */
  headReadMs: 20_000,
} as const;

export const megabytes = (bytes: number) => `${Math.round(bytes / MiB).toLocaleString('en-US')} MB`;
const count = (n: number) => n.toLocaleString('en-US');

export const tooManyColumns = (row: number) =>
  new FileRefusedError(
    `Row ${row} has a value past column ${count(READ_LIMITS.columns)}; an import reads at most ${count(READ_LIMITS.columns)} columns. Delete the extra columns and upload the file again.`,
  );

const cellTooLong = (row: number, column: number) =>
  new FileRefusedError(
    `Row ${row}, column ${column + 1} holds more than ${count(READ_LIMITS.cellChars)} characters, more than a spreadsheet cell can; the file was not read.`,
  );

/** Refuses a row whose cells are too long, alone or together. */
export function checkRowText(row: number, cells: readonly string[]): void {
  let total = 0;
  for (let i = 0; i < cells.length; i++) {
    const length = cells[i]!.length;
    if (length > READ_LIMITS.cellChars) throw cellTooLong(row, i);
    total += length;
  }
  if (total > READ_LIMITS.rowChars)
    throw new FileRefusedError(
      `Row ${row} holds more than ${count(READ_LIMITS.rowChars)} characters of text; an import reads rows of users, not documents. The file was not read.`,
    );
}

/** A preview's budget spent: what was read before it may still do (a header and a row), else the file is refused. */
export class BudgetSpentError extends FileRefusedError {}

/**
 * Passes `source` on until `maxBytes` have gone by, then fails with `message`. For a preview that
 * should have found its rows by then; a reader that stops earlier never sees the limit.
 */
export function byteBudget(source: Readable, maxBytes: number, message: string): Transform {
  let seen = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > maxBytes ? new BudgetSpentError(message) : null, chunk);
    },
  });
  source.on('error', (error) => meter.destroy(error));
  // A reader that stops early destroys the meter; that closes the source too.
  meter.once('close', () => source.destroy());
  source.pipe(meter);
  return meter;
}

/** True for the error `AbortSignal.timeout` aborts with. */
export const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';
