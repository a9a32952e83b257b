import type { ImportFormat } from '@heed/contract';
import type { FileStorage } from '../../platform/storage.ts';
import { type CsvEncoding, detectDelimiter, readCsv } from './csv-reader.ts';
import type { RawRow, RowBatches } from './raw-row.ts';
import { readXlsx } from './xlsx-reader.ts';

export interface SourceSpec {
  key: string;
  format: ImportFormat;
  delimiter: string | null;
  encoding: string | null;
}

async function openStream(storage: FileStorage, key: string) {
  const file = await storage.open(key);
  if (!file) throw new Error(`The uploaded file ${key} is no longer in storage.`);
  return file.stream;
}

/** The file's rows in batches (the header first), whatever its format. */
export async function* openRowBatches(
  storage: FileStorage,
  spec: SourceSpec,
  batchSize: number,
  onDimension?: (lastRow: number) => void,
): RowBatches {
  if (spec.format === 'xlsx') {
    yield* readXlsx(() => openStream(storage, spec.key), batchSize, onDimension);
    return;
  }
  const options = { delimiter: spec.delimiter ?? ',', encoding: (spec.encoding ?? 'utf-8') as CsvEncoding };
  yield* readCsv(await openStream(storage, spec.key), options, batchSize);
}

/** Headers as shown: trimmed, and `Column 3` for a blank one. */
export const cleanHeaders = (cells: string[]) => cells.map((cell, index) => cell.trim() || `Column ${index + 1}`);

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

/** The header row and the first rows below it; reads no further. */
export async function readFileHead(storage: FileStorage, spec: SourceSpec, sampleRows: number): Promise<FileHead> {
  let headers: string[] | null = null;
  let dimensionRows: number | null = null;
  const sample: string[][] = [];
  const batches = openRowBatches(storage, spec, sampleRows + 1, (lastRow) => {
    dimensionRows = Math.max(0, lastRow - 1);
  });
  for await (const batch of batches) {
    for (const row of batch) {
      if (row.error) continue;
      if (headers === null) headers = cleanHeaders(row.cells);
      else if (sample.length < sampleRows) sample.push(row.cells.map((cell) => cell.trim()));
    }
    if (headers !== null && sample.length >= sampleRows) break;
  }
  return { headers: headers ?? [], sample, dimensionRows };
}
