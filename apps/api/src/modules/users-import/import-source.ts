import type { ImportFormat } from '@heed/contract';
import type { FileStorage } from '../../platform/storage.ts';
import { type CsvEncoding, detectDelimiter, readCsv } from '../../platform/files/csv-reader.ts';
import { BudgetSpentError, READ_LIMITS, byteBudget, megabytes } from '../../platform/files/file-limits.ts';
import type { RawRow, RowBatches } from '../../platform/files/raw-row.ts';
import { readXlsx, readXlsxHead } from '../../platform/files/xlsx-reader.ts';
import type { Archive } from '../../platform/files/zip-reader.ts';

export interface SourceSpec {
  key: string;
  format: ImportFormat;
  delimiter: string | null;
  encoding: string | null;
}

async function openFile(storage: FileStorage, key: string, start = 0) {
  const file = await storage.open(key, start);
  if (!file) throw new Error(`The uploaded file ${key} is no longer in storage.`);
  return file;
}

const openStream = async (storage: FileStorage, key: string) => (await openFile(storage, key)).stream;

/** A workbook in storage, read from where each pass starts. */
async function openArchive(storage: FileStorage, key: string): Promise<Archive> {
  const { stream, size } = await openFile(storage, key);
  stream.destroy();
  return { size, read: async (start) => (await openFile(storage, key, start)).stream };
}

/**
 * The file's rows in batches (the header first), whatever its format. Reading stops with `signal`
 * (a cancelled job); a file past the read limits fails with a FileRefusedError.
 */
export async function* openRowBatches(
  storage: FileStorage,
  spec: SourceSpec,
  batchSize: number,
  signal?: AbortSignal,
): RowBatches {
  if (spec.format === 'xlsx') {
    yield* readXlsx(await openArchive(storage, spec.key), batchSize, undefined, signal);
    return;
  }
  const options = { delimiter: spec.delimiter ?? ',', encoding: (spec.encoding ?? 'utf-8') as CsvEncoding, signal };
  yield* readCsv(await openStream(storage, spec.key), options, batchSize);
}

const HEAD_NOT_FOUND = `The file has no header and rows of users in its first ${megabytes(READ_LIMITS.headScanBytes)}; the file was not read.`;

/** A CSV's rows for its preview: read from at most the head budget's bytes of the file. */
async function* csvHead(storage: FileStorage, spec: SourceSpec, batchSize: number, signal?: AbortSignal): RowBatches {
  const options = { delimiter: spec.delimiter ?? ',', encoding: (spec.encoding ?? 'utf-8') as CsvEncoding, signal };
  const head = byteBudget(await openStream(storage, spec.key), READ_LIMITS.headScanBytes, HEAD_NOT_FOUND);
  yield* readCsv(head, options, batchSize);
}

/** Headers as shown: trimmed, and `Column 3` for a blank one. */
const cleanHeaders = (cells: string[]) => cells.map((cell, index) => cell.trim() || `Column ${index + 1}`);

/**
 * Splits the header off a file's batches: `header` resolves once the first row is read; the
 * generator then yields the data rows.
 */
export async function* dataRows(batches: RowBatches, onHeader: (header: RawRow) => void): RowBatches {
  let header = false;
  for await (const batch of batches) {
    if (!header && batch.length > 0) {
      header = true;
      onHeader(batch[0]!);
      if (batch.length > 1) yield batch.slice(1);
      continue;
    }
    yield batch;
  }
}

const HEAD_CHARS = 64 * 1024;

/** A CSV's delimiter, from the first 64 KB of text. */
export async function detectCsvDelimiter(storage: FileStorage, key: string, encoding: CsvEncoding): Promise<string> {
  const decoder = new TextDecoder(encoding);
  let head = '';
  const stream = await openStream(storage, key);
  for await (const chunk of stream) {
    head += decoder.decode(chunk as Buffer, { stream: true });
    if (head.length >= HEAD_CHARS) break;
  }
  stream.destroy();
  return detectDelimiter(head);
}

export interface FileHead {
  headers: string[];
  sample: string[][];
  /** XLSX: rows below the header by the sheet's own dimension, when it states one. */
  dimensionRows: number | null;
}

/**
 * The header row and the first rows below it; reads no further, and no further than the head budget
 * (`READ_LIMITS.headScanBytes`) of the file or sheet: on the API's thread, a preview stays short.
 */
export async function readFileHead(
  storage: FileStorage,
  spec: SourceSpec,
  sampleRows: number,
  signal?: AbortSignal,
): Promise<FileHead> {
  let headers: string[] | null = null;
  let dimensionRows: number | null = null;
  const sample: string[][] = [];
  const onDimension = (lastRow: number) => {
    dimensionRows = Math.max(0, lastRow - 1);
  };
  // A workbook's head reads only the shared strings its first rows use, not all of them.
  const batches =
    spec.format === 'xlsx'
      ? [await readXlsxHead(await openArchive(storage, spec.key), sampleRows + 1, onDimension, signal)]
      : // Batches of one row: each chunk's rows come out at once, so a budget spent later loses none of them.
        csvHead(storage, spec, 1, signal);
  try {
    for await (const batch of batches) {
      for (const row of batch) {
        if (row.error) continue;
        if (headers === null) headers = cleanHeaders(row.cells);
        else if (sample.length < sampleRows) sample.push(row.cells.map((cell) => cell.trim()));
      }
      if (headers !== null && sample.length >= sampleRows) break;
    }
  } catch (error) {
    // Blank lines far below a few real rows: the preview shows what it found.
    if (!(error instanceof BudgetSpentError && sample.length > 0)) throw error;
  }
  return { headers: headers ?? [], sample, dimensionRows };
}
