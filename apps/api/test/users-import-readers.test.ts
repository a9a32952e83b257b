import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { autoMap } from '../src/modules/users-import/auto-mapping.ts';
import { excelDate, parseDeactivated, parseRole } from '../src/modules/users-import/cell-values.ts';
import { detectDelimiter, readCsv } from '../src/platform/files/csv-reader.ts';
import { KeySet } from '../src/modules/users-import/file-keys.ts';
import type { RawRow } from '../src/platform/files/raw-row.ts';
import { SharedStrings } from '../src/platform/files/shared-strings.ts';
import { readXlsx } from '../src/platform/files/xlsx-reader.ts';
import { FIXTURES } from './fixtures/import-harness.ts';

/** The CSV as a stream cut into pieces of `size` bytes: records and quotes straddle every boundary. */
async function csvRows(text: string | Buffer, size: number, options = { delimiter: ',', encoding: 'utf-8' as const }) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  const rows: RawRow[] = [];
  for await (const batch of readCsv(Readable.from(pieces), options, 2)) rows.push(...batch);
  return rows;
}

describe('users import readers', () => {
  const csv = 'a,b,c\r\n"x, y","line\nbreak","say ""hi"""\n\n1,,3\rlast,row,"é"';

  it('reads CSV records the same whatever the chunk boundaries', async () => {
    const expected = [
      { row: 1, cells: ['a', 'b', 'c'] },
      { row: 2, cells: ['x, y', 'line\nbreak', 'say "hi"'] },
      { row: 4, cells: ['1', '', '3'] },
      { row: 5, cells: ['last', 'row', 'é'] },
    ];
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(await csvRows(csv, size), `pieces of ${size}`).toEqual(expected);
  });

  it('reports an unclosed quote as a row error and keeps a trailing empty cell', async () => {
    expect(await csvRows('a,b\n1,\n"open,2\n', 3)).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1', ''] },
      { row: 3, cells: [], error: 'This row has an unclosed quote.' },
    ]);
  });

  it('decodes Windows-1252 bytes', async () => {
    const bytes = Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e, 0x20, 0x80]);
    expect(await csvRows(bytes, 4, { delimiter: ',', encoding: 'windows-1252' as never })).toEqual([
      { row: 1, cells: ['name'] },
      { row: 2, cells: ['Jürgen €'] },
    ]);
  });

  it('detects the delimiter from the header and the lines below it', () => {
    expect(detectDelimiter('a;b;c\n1;2;3\n"x;y";2;3\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n1\t2,5\t3\n')).toBe('\t');
    expect(detectDelimiter('a|b\n1|2\n')).toBe('|');
    expect(detectDelimiter('name,"last; first"\nx,y\n')).toBe(',');
    expect(detectDelimiter('single\nvalue\n')).toBe(',');
  });

  it('maps headers by key, label or common synonym, ignoring case, spaces and punctuation; each field once', () => {
    const fields = [
      { key: 'cost_center', label: 'Cost Center' },
      { key: 'status', label: 'Employment status' },
    ];
    expect(
      autoMap(
        [
          'E-Mail Address',
          'USER NAME',
          'Given name',
          'surname',
          'Dept',
          'Reports To',
          'cost-center',
          'Employment Status',
          'email',
          'Hire Date',
          'Whatever',
        ],
        fields,
      ),
    ).toEqual([
      'email',
      'username',
      'first_name',
      'last_name',
      'department',
      'manager',
      'cf.cost_center',
      'cf.status',
      null,
      'hired_at',
      null,
    ]);
    // A custom field named like a user-field synonym wins over the synonym.
    expect(autoMap(['Status'], fields)).toEqual(['cf.status']);
    expect(autoMap(['Status'], [])).toEqual(['suspended']);
  });

  it('reads roles, flags and spreadsheet dates', () => {
    expect(['Student', 'company manager', 'DepartmentManager', '3', 'learner', 'boss'].map(parseRole)).toEqual([
      0,
      1,
      2,
      3,
      0,
      undefined,
    ]);
    expect(['yes', 'No', 'Deactivated', 'ACTIVE', '1', 'maybe'].map(parseDeactivated)).toEqual([
      true,
      false,
      true,
      false,
      true,
      undefined,
    ]);
    expect(['45351', '45351.75', '2024-02-29', 'abc', '0'].map(excelDate)).toEqual([
      '2024-02-29',
      '2024-02-29',
      '2024-02-29',
      'abc',
      '0',
    ]);
  });

  it('holds a million keys and tells new from seen', () => {
    const keys = new KeySet(16);
    let added = 0;
    for (let i = 0; i < 1_000_000; i++) if (keys.add(`user${i}@example.test`)) added++;
    expect(added).toBe(1_000_000);
    expect(keys.size).toBe(1_000_000);
    expect(keys.add('user123456@example.test')).toBe(false);
    expect(keys.has('user999999@example.test')).toBe(true);
    expect(keys.has('user1000000@example.test')).toBe(false);
  });

  it('streams the first sheet of a workbook whose shared strings come after the sheet', async () => {
    const rows: RawRow[] = [];
    let dimension = 0;
    const path = join(FIXTURES, 'users.xlsx');
    const archive = { size: statSync(path).size, read: async (start: number) => createReadStream(path, { start }) };
    for await (const batch of readXlsx(archive, 2, (last) => (dimension = last))) rows.push(...batch);
    expect(dimension).toBe(5);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 5]);
    expect(rows[1]?.cells).toEqual([
      'xlsx.ada',
      'xlsx.ada@example.test',
      'Ada',
      'Lovelace & Co <1>',
      '45351',
      '42',
      'true',
      'xlsx.ada!',
      'Operations',
    ]);
    expect(rows[2]?.cells[7]).toBe('Rich text');
  });

  it('keeps the shared strings of a workbook as written: accents, other scripts, emoji, empty ones, by index', () => {
    const strings = new SharedStrings();
    const texts = [
      'Zoë Ünal',
      '',
      '山田 太郎',
      'Łódź 🚀',
      ...Array.from({ length: 20_000 }, (_, i) => `user${i}@example.test`),
    ];
    for (const text of texts) strings.push(text);
    expect(strings.length).toBe(texts.length);
    expect([0, 1, 2, 3, 4, 20_003].map((i) => strings.at(i))).toEqual([0, 1, 2, 3, 4, 20_003].map((i) => texts[i]));
    expect(strings.at(texts.length)).toBeUndefined();
    expect(strings.at(-1)).toBeUndefined();
  });
});
