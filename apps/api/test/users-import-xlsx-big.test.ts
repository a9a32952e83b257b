import { type ReadStream, createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RawRow } from '../src/platform/files/raw-row.ts';
import { readXlsx, readXlsxHead } from '../src/platform/files/xlsx-reader.ts';
import { FIXTURES } from './fixtures/import-harness.ts';

// A workbook as Excel writes one (shared strings, listed after the sheet), big enough that its sheet and its
// strings each arrive in many chunks: the run must still read every row, the upload's preview only the first.

const ROWS = 40_000;
const dir = mkdtempSync(join(tmpdir(), 'heed-xlsx-'));
const file = join(dir, 'big.xlsx');
const cellsOf = (i: number) => [`big.${i}`, `big.${i}@example.test`, 'Ada', `Row ${i}`, i % 7 === 0 ? '' : 'Sales'];

beforeAll(async () => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow(['Username', 'E-mail', 'First name', 'Last name', 'Department']).commit();
  for (let i = 1; i <= ROWS; i++) sheet.addRow(cellsOf(i)).commit();
  await sheet.commit();
  await workbook.commit();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The workbook at `path`, remembering every stream a reader opened on it. */
function archiveOf(path: string) {
  const streams: ReadStream[] = [];
  const archive = {
    size: statSync(path).size,
    read: async (start: number) => {
      const stream = createReadStream(path, { start });
      streams.push(stream);
      return stream;
    },
  };
  return { archive, streams };
}

describe('the XLSX reader on a big workbook', () => {
  it('reads every row of the sheet, each with its own strings', async () => {
    const rows: RawRow[] = [];
    for await (const batch of readXlsx(archiveOf(file).archive, 1000)) rows.push(...batch);
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows[0]!.cells).toEqual(['Username', 'E-mail', 'First name', 'Last name', 'Department']);
    for (const i of [1, 7, 12_345, ROWS]) {
      expect(rows[i]!.row).toBe(i + 1);
      expect(rows[i]!.cells.slice(0, 4)).toEqual(cellsOf(i).slice(0, 4));
      expect(rows[i]!.cells[4] ?? '').toBe(cellsOf(i)[4]);
    }
  });

  it('previews the same first rows as a run reads from a small part of the file, and closes its streams', async () => {
    const { archive, streams } = archiveOf(file);
    const head = await readXlsxHead(archive, 6);
    const first: RawRow[] = [];
    for await (const batch of readXlsx(archiveOf(file).archive, 6)) {
      first.push(...batch);
      break;
    }
    expect(head).toEqual(first.slice(0, 6));
    await vi.waitFor(() => expect(streams.every((stream) => stream.destroyed)).toBe(true));
    const bytesRead = streams.reduce((sum, stream) => sum + stream.bytesRead, 0);
    // Each pass starts at its own entry: a few chunks of 64 KiB, where reading from the first byte took several files.
    expect(bytesRead).toBeLessThan(archive.size / 2);
  });

  it('previews a workbook whose shared strings come after the sheet, skipping empty rows', async () => {
    const { archive } = archiveOf(join(FIXTURES, 'users.xlsx'));
    const all: RawRow[] = [];
    for await (const batch of readXlsx(archive, 100)) all.push(...batch);
    let dimension = 0;
    expect(await readXlsxHead(archive, 3, (last) => (dimension = last))).toEqual(all.slice(0, 3));
    expect(dimension).toBe(5);
    expect(await readXlsxHead(archive, 100)).toEqual(all);
  });
});
