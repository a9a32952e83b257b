import type { Readable } from 'node:stream';
import { FileRefusedError, READ_LIMITS, checkRowText, megabytes, tooManyColumns } from './file-limits.ts';
import type { RawRow } from './raw-row.ts';

const QUOTE = 34;
const LF = 10;
const CR = 13;

export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface CsvOptions {
  delimiter: string;
  encoding: CsvEncoding;
  /** Checked between chunks: a cancelled job stops reading. */
  signal?: AbortSignal;
}

/**
 * A record still open after `csvRecordChars` characters: a quote left open (or a line that never ends)
 * would otherwise make the rest of the file one record. Refused rather than buffered.
 */
const recordTooLong = (row: number) =>
  new FileRefusedError(
    `Row ${row} is longer than ${megabytes(READ_LIMITS.csvRecordChars)}: a quote may be left open, making the rest of the file one cell. The file was not read.`,
  );

/**
 * Parses complete records from `text` starting at `start`. Stops before a record that may continue
 * in the next chunk (unless `final`). RFC 4180 with the usual leniency: a quote inside an unquoted
 * field is kept as it is, and text after a closing quote is appended to the field.
 */
function parseRecords(
  text: string,
  start: number,
  delimiter: number,
  final: boolean,
  onRecord: (cells: string[], error?: string) => void,
  nextRow: () => number,
): number {
  const n = text.length;
  let i = start;
  outer: while (i < n) {
    const recordStart = i;
    const cells: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        let j = i + 1;
        value = '';
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) {
            if (!final) return recordStart;
            // An unclosed quote at the end of the file: the rest of the file is this malformed record.
            onRecord([], 'This row has an unclosed quote.');
            return n;
          }
          if (q + 1 >= n && !final) return recordStart;
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(j, q + 1);
            j = q + 2;
            continue;
          }
          value += text.slice(j, q);
          i = q + 1;
          break;
        }
        // Lenient: characters between the closing quote and the next delimiter belong to the field.
        let k = i;
        while (k < n) {
          const c = text.charCodeAt(k);
          if (c === delimiter || c === LF || c === CR) break;
          k++;
        }
        if (k > i) value += text.slice(i, k);
        i = k;
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delimiter || c === LF || c === CR) break;
          j++;
        }
        value = text.slice(i, j);
        i = j;
      }
      // Empty cells past the last column a mapping holds are dropped; a value there refuses the file.
      if (cells.length < READ_LIMITS.columns) cells.push(value);
      else if (value.trim() !== '') throw tooManyColumns(nextRow());
      if (i >= n) {
        if (!final) return recordStart;
        onRecord(cells);
        return n;
      }
      const c = text.charCodeAt(i);
      if (c === delimiter) {
        i++;
        if (i >= n) {
          if (!final) return recordStart;
          cells.push('');
          onRecord(cells);
          return n;
        }
        continue;
      }
      // A line break ends the record: LF, CRLF or a lone CR.
      if (c === CR) {
        if (i + 1 >= n && !final) return recordStart;
        i += text.charCodeAt(i + 1) === LF ? 2 : 1;
      } else {
        i++;
      }
      onRecord(cells);
      continue outer;
    }
  }
  return n;
}

const isBlankRecord = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Streams a CSV file as batches of rows. The first record is the header (row 1); blank lines are
 * skipped but counted, so every row keeps its spreadsheet row number. A UTF-8 byte order mark is dropped.
 */
export async function* readCsv(
  source: Readable,
  options: CsvOptions,
  batchSize: number,
): AsyncGenerator<RawRow[], void, undefined> {
  const decoder = new TextDecoder(options.encoding);
  const delimiter = options.delimiter.charCodeAt(0);
  let carry = '';
  let rowNumber = 0;
  let batch: RawRow[] = [];
  const nextRow = () => rowNumber + 1;
  const onRecord = (cells: string[], error?: string) => {
    rowNumber++;
    if (!error && isBlankRecord(cells)) return;
    if (!error) checkRowText(rowNumber, cells);
    batch.push(error ? { row: rowNumber, cells, error } : { row: rowNumber, cells });
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      options.signal?.throwIfAborted();
      const text = carry + decoder.decode(chunk, { stream: true });
      const consumed = parseRecords(text, 0, delimiter, false, onRecord, nextRow);
      carry = text.slice(consumed);
      // A record is parsed again from its start with each chunk: capped, that costs at most a few MB of work.
      if (carry.length > READ_LIMITS.csvRecordChars) throw recordTooLong(nextRow());
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    const rest = carry + decoder.decode();
    parseRecords(rest, 0, delimiter, true, onRecord, nextRow);
  } finally {
    source.destroy();
  }
  if (batch.length > 0) yield batch;
}

const CANDIDATES = [',', ';', '\t', '|'];

/** Counts of `char` outside quotes in each of the first lines of `text`. */
function countsPerLine(text: string, char: string, maxLines: number): number[] {
  const counts: number[] = [];
  let count = 0;
  let quoted = false;
  for (let i = 0; i < text.length && counts.length < maxLines; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === char) count++;
    else if (!quoted && c === '\n') {
      counts.push(count);
      count = 0;
    }
  }
  if (count > 0 && counts.length < maxLines) counts.push(count);
  return counts;
}

/**
 * The delimiter of a CSV from its first lines: the candidate found on the header line that appears
 * the same number of times on the most lines (ties: the most per line). Comma when none appears.
 */
export function detectDelimiter(head: string): string {
  let best = ',';
  let bestScore = -1;
  for (const candidate of CANDIDATES) {
    const counts = countsPerLine(head, candidate, 50);
    const header = counts[0] ?? 0;
    if (header === 0) continue;
    const consistent = counts.filter((count) => count === header).length;
    const score = consistent * 1000 + header;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
