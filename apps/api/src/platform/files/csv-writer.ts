import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { type Cell, type CsvBatch, type SheetWriter, neutraliseFormula } from './spreadsheet-cells.ts';

/** What makes a CSV field need quotes (RFC 4180): a quote, the delimiter or a line break. */
const CSV_SPECIAL = /[",\r\n]/;
const QUOTES = /"/g;

/** A CSV field: text neutralised, then quoted when it holds a quote, a comma or a line break. */
export function csvField(value: Cell): string {
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

/**
 * CSV as Excel opens it: a UTF-8 BOM, CRLF rows, fields with quotes, commas or line breaks quoted.
 * A batch is cells, or rows already written as CSV (`csv-lines.ts`), sent as they are.
 */
export function csvWriter(header: readonly string[]): SheetWriter<CsvBatch> {
  const body = new PassThrough();
  body.write(`\uFEFF${csvText([header])}`);
  return {
    body,
    async write(batch, signal) {
      // One buffer per batch: a write per row would cost more than the text itself.
      const bytes = 'csv' in batch ? batch.csv : Buffer.from(csvText(batch));
      if (!body.write(bytes)) await once(body, 'drain', { signal });
    },
    async end() {
      body.end();
    },
  };
}
