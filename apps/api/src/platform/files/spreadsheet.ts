import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { csvWriter } from './csv-writer.ts';
import type { CellRows, CsvBatch, SheetWriter } from './spreadsheet-cells.ts';
import { xlsxWriter } from './xlsx-writer.ts';

export type SpreadsheetFormat = 'csv' | 'xlsx';
export { type Cell, type CellRows, type CsvBatch, neutraliseFormula } from './spreadsheet-cells.ts';

const CONTENT_TYPES: Record<SpreadsheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** One download: its rows come in batches, pulled only when the client has room for more. */
export type SpreadsheetDownload = DownloadOf<'csv', CsvBatch> | DownloadOf<'xlsx', CellRows>;

interface DownloadOf<Format extends SpreadsheetFormat, Batch> {
  format: Format;
  /** The file name without its extension, e.g. `users-2026-03-02`. */
  filename: string;
  sheetName: string;
  header: readonly string[];
  /** Batches of cells; a CSV download's may also be rows already written as CSV (`csv-lines.ts`). */
  rows: AsyncIterable<Batch>;
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
  reply
    .header('content-type', CONTENT_TYPES[download.format])
    .header('content-disposition', `attachment; filename="${download.filename}.${download.format}"`)
    .header('cache-control', 'no-store');
  if (download.format === 'csv') return start(csvWriter(download.header), download, reply.log);
  return start(xlsxWriter(download.sheetName, download.header), download, reply.log);
}

function start<Batch extends CsvBatch>(
  writer: SheetWriter<Batch>,
  download: DownloadOf<SpreadsheetFormat, Batch>,
  log: FastifyBaseLogger,
): Readable {
  // Start reading once the headers and the header row are on their way (SQLite reads block the loop).
  setImmediate(() => void pump(writer, download, log));
  return writer.body;
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

const rowsIn = (batch: CsvBatch) => ('csv' in batch ? batch.rows : batch.length);

async function pump<Batch extends CsvBatch>(
  writer: SheetWriter<Batch>,
  download: DownloadOf<SpreadsheetFormat, Batch>,
  log: FastifyBaseLogger,
): Promise<void> {
  const gone = new AbortController();
  writer.body.once('close', () => gone.abort());
  let rows = 0;
  let failure: unknown;
  try {
    for await (const batch of download.rows) {
      if (gone.signal.aborted) break;
      await writer.write(batch, gone.signal);
      rows += rowsIn(batch);
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
