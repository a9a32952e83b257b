import { type EventEmitter, once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

export type SpreadsheetFormat = 'csv' | 'xlsx';
/** A cell: text (neutralised on the way out), a number, or empty. */
export type Cell = string | number | null | undefined;

interface SheetWriter {
  /** The response body. */
  body: Readable;
  /** Writes rows; resolves when there is room for more, rejects when `signal` aborts first. */
  write(rows: readonly (readonly Cell[])[], signal: AbortSignal): Promise<void>;
  end(signal: AbortSignal): Promise<void>;
}

const CONTENT_TYPES: Record<SpreadsheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

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

/** What makes a CSV field need quotes (RFC 4180): a quote, the delimiter or a line break. */
const CSV_SPECIAL = /[",\r\n]/;
const QUOTES = /"/g;

/** A CSV field: text neutralised, then quoted when it holds a quote, a comma or a line break. */
function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseFormula(value);
  return CSV_SPECIAL.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

/** Rows as CSV text, each ending in CRLF. */
function csvText(rows: readonly (readonly Cell[])[]): string {
  let text = '';
  for (const row of rows) {
    for (let index = 0; index < row.length; index++)
      text += index === 0 ? csvField(row[0]) : `,${csvField(row[index])}`;
    text += '\r\n';
  }
  return text;
}

/** CSV as Excel opens it: a UTF-8 BOM, CRLF rows, fields with quotes, commas or line breaks quoted. */
function csvWriter(header: readonly string[]): SheetWriter {
  const body = new PassThrough();
  body.write(`\uFEFF${csvText([header])}`);
  return {
    body,
    async write(rows, signal) {
      // One buffer per batch: a write per row would cost more than the text itself.
      if (!body.write(Buffer.from(csvText(rows)))) await once(body, 'drain', { signal });
    },
    async end() {
      body.end();
    },
  };
}

/** Bytes of sheet XML allowed to wait in front of the zip compressor (about one batch). */
const BACKLOG_BYTES = 1 << 20;

type Queue = EventEmitter & { _writableState?: { length: number; needDrain: boolean } };
/** exceljs's buffer for a sheet's XML, and the stream of the zip writer that reads it. */
interface SheetXml {
  write(data: string): unknown;
  buffers?: { length: number }[];
  pipes?: Queue[];
}

/**
 * exceljs feeds a sheet's XML to its zip writer ignoring backpressure, so a reader faster than the
 * compressor or the client would pile the whole sheet up in memory. Wait until that queue has
 * drained (it only drains as the client reads), or until the zip has picked the sheet up at all.
 */
async function sheetDrained(xml: SheetXml, signal: AbortSignal): Promise<void> {
  for (;;) {
    const queue = xml.pipes?.[0];
    const state = queue?._writableState;
    if (queue && state) {
      if (state.length <= BACKLOG_BYTES || !state.needDrain) return;
      await once(queue, 'drain', { signal });
    } else {
      const held = (xml.buffers ?? []).reduce((sum, buffer) => sum + buffer.length, 0);
      if (held <= BACKLOG_BYTES) return;
      await delay(1, undefined, { signal });
    }
  }
}

const XML_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&apos;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 forbids are dropped.
const XML_SPECIAL = /["&'<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;
const xmlText = (value: string) => value.replace(XML_SPECIAL, (char) => XML_ESCAPES[char] ?? '');

/** `A`, `B`, … `Z`, `AA`, … for a 0-based column index. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A row as exceljs writes one (inline `t="str"` text, no styles), built directly: exceljs's cell objects cost half the time. */
function rowXml(row: readonly Cell[], rowNumber: number, columns: string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let index = 0; index < row.length; index++) {
    const value = row[index];
    if (value === null || value === undefined || value === '') continue;
    columns[index] ??= columnName(index);
    if (typeof value === 'number') {
      if (Number.isFinite(value)) xml += `<c r="${columns[index]}${rowNumber}"><v>${value}</v></c>`;
    } else {
      xml += `<c r="${columns[index]}${rowNumber}" t="str"><v>${xmlText(neutraliseFormula(value))}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

/**
 * XLSX through exceljs's streaming WorkbookWriter (the package, the header row, the frozen header
 * pane); the data rows' XML goes straight into the sheet's stream.
 */
function xlsxWriter(sheetName: string, header: readonly string[]): SheetWriter {
  const body = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: false, useSharedStrings: false });
  // The zip writer has no error listener until commit; an error there must end the download, not the process.
  (workbook as unknown as { zip?: EventEmitter }).zip?.on('error', (error: Error) => body.destroy(error));
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  // Widths from the titles alone: the data is not known yet when the columns are written.
  sheet.columns = header.map((title) => ({ width: Math.min(40, Math.max(12, title.length + 4)) }));
  // Through exceljs's own API, which also opens the sheet's data section.
  sheet.addRow(header.map(textCell)).commit();
  const xml = (sheet as unknown as { stream: SheetXml }).stream;
  const columns: string[] = [];
  let rowNumber = 1;
  return {
    body,
    async write(rows, signal) {
      let chunk = '';
      for (const row of rows) chunk += rowXml(row, ++rowNumber, columns);
      xml.write(chunk);
      await sheetDrained(xml, signal);
    },
    async end(signal) {
      const aborted = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
      );
      await Promise.race([workbook.commit(), aborted]);
    },
  };
}

/** One download: its rows come in batches, pulled only when the client has room for more. */
export interface SpreadsheetDownload {
  format: SpreadsheetFormat;
  /** The file name without its extension, e.g. `users-2026-03-02`. */
  filename: string;
  sheetName: string;
  header: readonly string[];
  rows: AsyncIterable<readonly (readonly Cell[])[]>;
  /**
   * Called once: after the last row (before the response ends, so a completed download always has
   * it), or once the client went away (`completed: false`, `rows` = rows written so far).
   */
  onEnd?: (result: { rows: number; completed: boolean }) => Promise<void>;
}

/**
 * Streams a CSV or XLSX download as the reply: headers and the header row go out at once, then
 * the rows batch by batch with backpressure. A client that disconnects stops the reading (the
 * row iterator is returned); a failure mid-way cuts the response so that it never looks complete.
 * Return its result from the handler.
 */
export function sendSpreadsheet(reply: FastifyReply, download: SpreadsheetDownload): Readable {
  const writer =
    download.format === 'csv' ? csvWriter(download.header) : xlsxWriter(download.sheetName, download.header);
  reply
    .header('content-type', CONTENT_TYPES[download.format])
    .header('content-disposition', `attachment; filename="${download.filename}.${download.format}"`)
    .header('cache-control', 'no-store');
  // Start reading once the headers and the header row are on their way (SQLite reads block the loop).
  setImmediate(() => void pump(writer, download, reply.log));
  return writer.body;
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

async function pump(writer: SheetWriter, download: SpreadsheetDownload, log: FastifyBaseLogger): Promise<void> {
  const gone = new AbortController();
  writer.body.once('close', () => gone.abort());
  let rows = 0;
  let failure: unknown;
  try {
    for await (const batch of download.rows) {
      if (gone.signal.aborted) break;
      await writer.write(batch, gone.signal);
      rows += batch.length;
      // Let other requests in between batches.
      await nextTurn();
    }
  } catch (error) {
    if (!isAbort(error)) failure = error;
  }
  const completed = failure === undefined && !gone.signal.aborted;
  try {
    await download.onEnd?.({ rows, completed });
    if (completed) await writer.end(gone.signal);
  } catch (error) {
    if (!isAbort(error)) failure ??= error;
  }
  if (failure === undefined) return;
  log.error({ err: failure }, 'spreadsheet download failed');
  writer.body.destroy(failure instanceof Error ? failure : new Error(String(failure)));
}
