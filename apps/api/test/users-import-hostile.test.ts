import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_LIMITS } from '../src/platform/files/file-limits.ts';
import { dryRun, upload, uploadFails } from './fixtures/import-harness.ts';
import { createImportWorld } from './fixtures/import-world.ts';
import type { TestClient } from './support/client.ts';
import { HEADER, WORKBOOK_XML, declareSize, noise, repeat, row, usersRows, xlsxOf } from './support/hostile-files.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { clientFor } from './support/world.ts';

// Hostile spreadsheets (security findings F1 and F8), each made here at test time and uploaded through
// the API: refused with a 422 before anything is stored, or, when the trouble lies below the rows an
// upload previews, by the dry run, which fails with the same kind of message. Memory stays bounded
// throughout (a behaviour bound, not a timing).

let t: TestApp;
let cm: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await createImportWorld(t);
  cm = await clientFor(t, 'cm');
});
afterAll(async () => t.close());

const MB = 1024 * 1024;
/** RSS growth allowed while one file is read: the finding's bound. */
const MEMORY_BOUND = 300 * MB;

/** Runs `work` while sampling the process's RSS; answers its result and the peak growth. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(sample);
  }
}

/** Every file under the imports storage, temporary ones included. */
function storedFiles(): string[] {
  const root = join(t.dataDir, 'imports');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
  } catch {
    return [];
  }
}

const importCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('imports')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Uploads `content`; expects a 422 on the field `file` matching `message`, nothing stored, memory bounded. */
async function expectRefused(content: Buffer | string, name: string, message: RegExp): Promise<string> {
  const [imports, files] = [await importCount(), storedFiles()];
  const { result: response, growth } = await withPeakRss(() => uploadFails(cm, content, name));
  expect(response.statusCode, response.body).toBe(422);
  const details = response.json().error.details as { file: string[] };
  expect(details.file).toHaveLength(1);
  expect(details.file[0]).toMatch(message);
  expect(await importCount()).toBe(imports);
  expect(storedFiles()).toEqual(files);
  expect(growth).toBeLessThan(MEMORY_BOUND);
  return details.file[0]!;
}

/** Uploads `content` (its preview is fine), dry-runs it; expects the import failed with `message` and still readable. */
async function expectDryRunFails(content: Buffer | string, name: string, message: RegExp): Promise<void> {
  const uploaded = await upload(cm, content, name);
  const { result, growth } = await withPeakRss(() => dryRun(t, cm, uploaded.id));
  expect(result.import.status).toBe('failed');
  expect(result.import.last_error).toMatch(message);
  expect(growth).toBeLessThan(MEMORY_BOUND);
  // Readable from then on: never a 500 for a file that failed.
  const again = await cm.get(`/api/v3/users/imports/${uploaded.id}`);
  expect(again.statusCode, again.body).toBe(200);
  const list = await cm.get('/api/v3/users/imports');
  expect(list.statusCode, list.body).toBe(200);
}

/** Column letters of 0-based `index`: A, …, Z, AA, … */
function letters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

describe('users import: hostile XLSX files', () => {
  it('(a) refuses a sheet whose first row never closes: at once when it is a bomb, at 1 MB of row when it is not', async () => {
    const bomb = await xlsxOf({
      rows: (function* () {
        yield '<row r="1">';
        yield* repeat('<c><v>1</v></c>', 40 * MB);
      })(),
    });
    expect(bomb.length).toBeLessThan(MB);
    await expectRefused(bomb, 'never-closed.xlsx', /^The workbook's sheet is compressed more than 100 to 1/);

    const long = await xlsxOf({
      rows: (function* () {
        yield '<row r="1">';
        yield* noise(6 * MB);
      })(),
    });
    await expectRefused(long, 'never-closed-noise.xlsx', /^Row 1 of the sheet is larger than 1 MB/);
  });

  it('(b) header and 7 rows before a huge unclosed row: a bomb is refused at upload, a long row fails the dry run', async () => {
    const bomb = await xlsxOf({
      rows: (function* () {
        yield* usersRows(7, 'hb');
        yield '<row r="9">';
        yield* repeat('<c><v>1</v></c>', 40 * MB);
      })(),
    });
    await expectRefused(bomb, 'starve.xlsx', /compressed more than 100 to 1/);

    const long = await xlsxOf({
      rows: (function* () {
        yield* usersRows(7, 'hb');
        yield '<row r="9">';
        yield* noise(3 * MB);
      })(),
    });
    await expectDryRunFails(long, 'starve-noise.xlsx', /^Row 9 of the sheet is larger than 1 MB/);
  });

  it('(c) refuses a workbook.xml bomb, and one whose directory understates its size', async () => {
    const padded = function* () {
      yield WORKBOOK_XML.replace('</workbook>', '');
      yield* repeat('<!-- padding -->', 50 * MB);
      yield '</workbook>';
    };
    const bomb = await xlsxOf({ rows: usersRows(3, 'wb'), workbook: padded() });
    await expectRefused(bomb, 'workbook-bomb.xlsx', /^The workbook's list of sheets unpacks to more than 1 MB/);
    const lying = declareSize(bomb, 'xl/workbook.xml', 2000);
    await expectRefused(
      lying,
      'workbook-lies.xlsx',
      /^The workbook's list of sheets is larger than the archive's directory says/,
    );
  });

  it('(d) a run of empty rows past the last row a sheet can have fails the dry run', async () => {
    const rows = function* () {
      yield* usersRows(6, 'run');
      let text = '';
      for (let r = 8; r <= 1_048_600; r++) {
        text += `<row r="${r}"/>`;
        if (text.length > 64 * 1024) {
          yield text;
          text = '';
        }
      }
      yield text;
    };
    await expectDryRunFails(
      await xlsxOf({ rows: rows() }),
      'row-run.xlsx',
      /a row numbered 1048577, past the last row/,
    );
  });

  it('(e) refuses a row of 100,000 cells, and a header with a value past column 500', async () => {
    const cells = function* () {
      yield '<row r="1">';
      let text = '';
      for (let i = 0; i < 100_000; i++) {
        text += `<c r="${letters(i % 16_000)}1"><v>${i}</v></c>`;
        if (text.length > 64 * 1024) {
          yield text;
          text = '';
        }
      }
      yield `${text}</row>`;
    };
    await expectRefused(await xlsxOf({ rows: cells() }), 'cell-run.xlsx', /^Row 1 of the sheet is larger than 1 MB/);

    const wide = Array.from({ length: 600 }, (_, i) => `Column ${i + 1}`);
    await expectRefused(
      await xlsxOf({ rows: [row(1, wide), row(2, wide)] }),
      'wide.xlsx',
      /^Row 1 has a value past column 500; an import reads at most 500 columns/,
    );
  });

  it('(f) refuses a shared string of megabytes, and a shared-strings bomb', async () => {
    const sheet = `${row(1, HEADER)}<row r="2"><c t="s"><v>0</v></c></row>`;
    const huge = function* () {
      yield '<si><t>';
      // Letters that deflate poorly: a long string, not a bomb.
      let state = 7;
      for (let made = 0; made < 4 * MB; made += 4096) {
        let text = '';
        for (let i = 0; i < 4096; i++) {
          state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
          text += String.fromCharCode(97 + ((state >>> 16) % 26));
        }
        yield text;
      }
      yield '</t></si>';
    };
    await expectRefused(
      await xlsxOf({ rows: sheet, sharedStrings: huge() }),
      'huge-string.xlsx',
      /^Shared string 1 of the workbook is larger than 256 KB/,
    );
    const many = await xlsxOf({ rows: sheet, sharedStrings: repeat('<si><t>Ada Lovelace</t></si>', 60 * MB) });
    await expectRefused(
      many,
      'strings-bomb.xlsx',
      /^The workbook's list of shared strings is compressed more than 100 to 1/,
    );
  });

  it('(g) stops an entry inflating past 100:1 even when its directory claims a modest size', async () => {
    const bomb = await xlsxOf({
      rows: (function* () {
        yield* usersRows(5, 'ratio');
        yield* repeat(`<row><c t="inlineStr"><is><t>${'x'.repeat(50)}</t></is></c></row>`, 40 * MB);
      })(),
    });
    // 2 MB declared for ~40 kB compressed passes the directory's check (50:1). The preview reads a few rows
    // and stops; the dry run reads on, and the output's own ratio stops it at about 1 MB.
    const lying = declareSize(bomb, 'xl/worksheets/sheet1.xml', 2 * MB);
    await expectDryRunFails(lying, 'ratio-lies.xlsx', /^The workbook's sheet is compressed more than 100 to 1/);
  });
  it('(k) believes no dimension past the last row a sheet can have, and refuses a row numbered past it', async () => {
    const rows = (first: number) =>
      `<dimension ref="A1:D99999999999"/>${row(first, HEADER)}${row(first + 1, ['dim.1', 'dim.1@example.test', 'Ada', 'One'])}`;
    const uploaded = await upload(cm, await xlsxOf({ rows: rows(1) }), 'dimension.xlsx');
    expect(uploaded.total_rows ?? 0).toBe(0);
    await expectRefused(
      await xlsxOf({ rows: rows(99_999_999_999) }),
      'row-number.xlsx',
      /^The sheet has a row numbered 99999999999/,
    );
  });
});

describe('users import: hostile CSV files (F8)', () => {
  it('(h) refuses 20,000 columns with a 422 before anything is stored', async () => {
    const header = Array.from({ length: 20_000 }, (_, i) => `Column ${i + 1}`).join(',');
    const values = Array.from({ length: 20_000 }, (_, i) => `v${i}`).join(',');
    await expectRefused(`${header}\n${values}\n`, 'wide.csv', /^Row 1 has a value past column 500/);
    // Exactly the limit is fine, and the import stays readable.
    const fine = Array.from({ length: READ_LIMITS.columns }, (_, i) => `Column ${i + 1}`).join(',');
    const uploaded = await upload(cm, `${fine}\n${fine}\n`, 'at-limit.csv');
    expect(uploaded.headers).toHaveLength(READ_LIMITS.columns);
    expect((await cm.get(`/api/v3/users/imports/${uploaded.id}`)).statusCode).toBe(200);
  });

  it('(i) refuses a quote left open for 40 MB, at upload or in the dry run', async () => {
    const users = [
      'Username,E-mail,First name,Last name',
      'q.1,q.1@example.test,Ada,One',
      'q.2,q.2@example.test,Ada,Two',
    ];
    const open = `${users.join('\n')}\nq.3,"${'never closed '.repeat((40 * MB) / 13)}\n`;
    await expectRefused(open, 'open-quote.csv', /^Row 4 is longer than 1 MB: a quote may be left open/);

    const rows = [users[0], ...Array.from({ length: 10 }, (_, i) => `q.${i},q.${i}@example.test,Ada,Row ${i}`)];
    const later = `${rows.join('\n')}\nq.x,"${'never closed '.repeat((4 * MB) / 13)}\n`;
    await expectDryRunFails(later, 'open-quote-later.csv', /^Row 12 is longer than 1 MB/);
  });

  it('(j) drops control characters from the file name it stores and shows', async () => {
    const uploaded = await upload(cm, 'Username,E-mail\nnul.1,nul.1@example.test\n', 'users\u0000\u0007evil.csv');
    expect(uploaded.file_name).toBe('usersevil.csv');
    const row = await t.db
      .selectFrom('imports')
      .select(['file_name', 'file_path'])
      .where('id', '=', uploaded.id)
      .executeTakeFirstOrThrow();
    expect(row.file_name).toBe('usersevil.csv');
    expect([...row.file_path].some((char) => char.charCodeAt(0) < 32)).toBe(false);
  });
});
