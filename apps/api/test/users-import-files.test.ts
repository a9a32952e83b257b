import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dryRun, fixture, runImport, upload, uploadFails } from './fixtures/import-harness.ts';
import { createImportWorld, customValues, departmentName, userByUsername } from './fixtures/import-world.ts';
import type { TestClient } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { clientFor } from './support/world.ts';

let t: TestApp;
let cm: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await createImportWorld(t);
  cm = await clientFor(t, 'cm');
});
afterAll(async () => t.close());

async function user(username: string) {
  const row = await userByUsername(t.db, username);
  expect(row, `user ${username}`).toBeDefined();
  return {
    ...row!,
    custom: await customValues(t.db, row!.id),
    department: await departmentName(t.db, row!.department_id),
  };
}

describe('users import: CSV dialects and encodings', () => {
  it('detects a semicolon delimiter and keeps commas inside cells', async () => {
    const uploaded = await upload(cm, fixture('users-semicolon.csv'), 'users-semicolon.csv');
    expect(uploaded).toMatchObject({ delimiter: ';', encoding: 'utf-8', total_rows: 2 });
    expect(uploaded.mapping).toEqual(['username', 'email', 'first_name', 'last_name', 'department', 'cf.notes']);
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toEqual({ created: 2, updated: 0, deactivated: 0, skipped: 0, failed: 0 });
    expect(await user('semi.ada')).toMatchObject({ department: 'Operations', custom: { notes: 'Analyst, engines' } });
    expect(await user('semi.alan')).toMatchObject({ department: 'Plant 1', custom: { notes: 'Computing, machines' } });
  });

  it('detects a tab delimiter (CRLF lines)', async () => {
    const uploaded = await upload(cm, fixture('users-tab.tsv'), 'users-tab.tsv');
    expect(uploaded.delimiter).toBe('\t');
    expect(uploaded.sample[0]).toEqual(['tab.grace', 'tab.grace@example.test', 'Grace', 'Hopper', '+1 555 0101']);
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done.counts.created).toBe(2);
    expect(await user('tab.edsger')).toMatchObject({ last_name: 'Dijkstra', phone: '+31 20 555' });
  });

  it('detects Latin-1 (Windows-1252) and stores accented text correctly', async () => {
    const uploaded = await upload(cm, fixture('users-latin1.csv'), 'users-latin1.csv');
    expect(uploaded.encoding).toBe('windows-1252');
    expect(uploaded.sample[0]).toEqual(['latin.jose', 'latin.jose@example.test', 'José', 'Muñoz', 'Café – 5 €']);
    await runImport(t, cm, uploaded.id);
    expect(await user('latin.jose')).toMatchObject({
      first_name: 'José',
      last_name: 'Muñoz',
      custom: { notes: 'Café – 5 €' },
    });
    expect(await user('latin.jurgen')).toMatchObject({ first_name: 'Jürgen', last_name: 'Weiß' });
  });

  it('drops a UTF-8 byte order mark, so the first header still maps', async () => {
    const uploaded = await upload(cm, fixture('users-bom.csv'), 'users-bom.csv');
    expect(uploaded.headers[0]).toBe('Username');
    expect(uploaded.mapping[0]).toBe('username');
    await runImport(t, cm, uploaded.id);
    expect(await user('bom.zoe')).toMatchObject({ first_name: 'Zoë', last_name: 'Ångström' });
    expect(await user('bom.chen')).toMatchObject({ first_name: '陈', last_name: '伟' });
  });

  it('keeps line breaks, delimiters and doubled quotes inside quoted cells, and counts rows as records', async () => {
    const uploaded = await upload(cm, fixture('users-quoted-newlines.csv'), 'users-quoted-newlines.csv');
    expect(uploaded.total_rows).toBe(3);
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done.counts.created).toBe(3);
    expect(await user('quote.one')).toMatchObject({
      last_name: "O'Neil, Jr.",
      custom: { notes: 'Line one\nLine two, with a comma' },
    });
    expect(await user('quote.two')).toMatchObject({ first_name: 'Pat "PJ"', custom: { notes: 'Three\r\nline\nnote' } });
    expect(await user('quote.three')).toMatchObject({ custom: { notes: 'plain' } });
  });
});

describe('users import: XLSX', () => {
  it('reads the first sheet: shared strings, dates, numbers, booleans, rich text and formula results', async () => {
    const uploaded = await upload(cm, fixture('users.xlsx'), 'users.xlsx');
    expect(uploaded).toMatchObject({ format: 'xlsx', delimiter: null, encoding: null });
    expect(uploaded.headers).toEqual([
      'Username',
      'E-mail',
      'First name',
      'Last name',
      'Hired',
      'Badge Number',
      'Remote',
      'Notes',
      'Department',
    ]);
    const checked = await dryRun(t, cm, uploaded.id);
    expect(checked.import.dry_run?.counts).toMatchObject({ created: 2, failed: 1 });
    // The blank sheet row 4 is skipped; the bad row keeps its sheet row number.
    expect(new Set(checked.errors.map((e) => e.row))).toEqual(new Set([5]));
    expect(checked.errors.map((e) => e.column).sort()).toEqual([
      'Badge Number',
      'Department',
      'E-mail',
      'Hired',
      'Remote',
    ]);
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 2, failed: 1 });
    expect(await user('xlsx.ada')).toMatchObject({
      last_name: 'Lovelace & Co <1>',
      hired_at: '2024-02-29',
      department: 'Operations',
      custom: { badge: '42', remote: 'true', notes: 'xlsx.ada!' },
    });
    expect(await user('xlsx.alan')).toMatchObject({
      hired_at: '2023-12-01',
      department: 'Plant 1',
      custom: { badge: '7.5', remote: 'false', notes: 'Rich text' },
    });
    expect(await userByUsername(t.db, 'xlsx.ignored')).toBeUndefined();
  });
});

describe('users import: malformed and hostile files', () => {
  it('fails malformed rows alone (too many cells, missing cells, an unclosed quote) and imports the rest', async () => {
    const uploaded = await upload(cm, fixture('users-malformed.csv'), 'users-malformed.csv');
    const { import: done, errors } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toEqual({ created: 2, updated: 0, deactivated: 0, skipped: 0, failed: 3 });
    expect(errors).toEqual([
      { row: 3, column: '', message: 'This row has 6 cells; the header has 4.', value: null },
      { row: 5, column: 'Last name', message: 'This field is required.', value: null },
      { row: 7, column: '', message: 'This row has an unclosed quote.', value: null },
    ]);
    expect(await userByUsername(t.db, 'bad.good1')).toBeDefined();
    expect(await userByUsername(t.db, 'bad.good2')).toBeDefined();
    for (const name of ['bad.extra', 'bad.short', 'bad.open']) expect(await userByUsername(t.db, name)).toBeUndefined();
  });

  it('stores formula-like cells as the text they are, and neutralises them in every download', async () => {
    const uploaded = await upload(cm, fixture('users-formulas.csv'), 'users-formulas.csv');
    const { import: done, errors } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 2, failed: 1 });
    expect(await user('formula.one')).toMatchObject({
      first_name: '=HYPERLINK("http://evil.test","x")',
      last_name: '+SUM(1;2)',
      phone: '+1 555 0100',
      custom: { notes: '@cmd|calc' },
    });
    expect(await user('formula.two')).toMatchObject({ first_name: '-Minus', custom: { notes: '=1+1' } });
    expect(errors).toEqual([
      { row: 4, column: 'Phone', message: 'Enter a phone number.', value: "=cmd|' /C calc'!A0" },
    ]);

    const report = await cm.get(`/api/v3/users/imports/${uploaded.id}/errors/export`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body).toContain("4,Phone,Enter a phone number.,'=cmd|' /C calc'!A0");
    const users = await cm.get('/api/v3/users/export?format=csv&text=formula');
    expect(users.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(users.body).toContain("'+SUM(1;2)");
    for (const body of [report.body, users.body]) {
      const cells = body.split(/[\r\n,]+/).map((cell) => cell.replace(/^"/, ''));
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
  });

  it('refuses files with nothing to import, and files that are not CSV or XLSX', async () => {
    const cases: [Buffer | string, string, string][] = [
      [fixture('empty.csv'), 'empty.csv', 'The file is empty.'],
      [fixture('header-only.csv'), 'header-only.csv', 'The file has a header row but no rows of users below it.'],
      ['\n\n\n', 'blank.csv', 'The file is empty.'],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        'logo.csv',
        'Upload a CSV or XLSX file (CSV as UTF-8 or Latin-1 text).',
      ],
      [
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        'old.xls',
        'Save the workbook as XLSX or CSV: the old .xls format cannot be read.',
      ],
      [Buffer.from('PK\u0003\u0004 not really a zip'), 'broken.xlsx', 'The file is not a readable XLSX workbook.'],
    ];
    for (const [content, name, message] of cases) {
      const response = await uploadFails(cm, content, name);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().error.details, name).toEqual({ file: [message] });
    }
    const none = await cm.post('/api/v3/users/imports', {});
    expect(none.statusCode).toBe(422);
  });
});

describe('users import: a 50 MB file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'heed-import-big-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts a 50 MB upload (five times the server default) and imports every row', async () => {
    // 26,000 rows of over 2 KB: a 1,000-character note and an ignored comment column.
    const path = join(dir, 'big.csv');
    const out = createWriteStream(path);
    out.write('Username,E-mail,First name,Last name,Notes,Comment\n');
    const note = 'n'.repeat(1000);
    const comment = 'c'.repeat(1000);
    for (let i = 0; i < 26_000; i++) {
      if (!out.write(`big.${i},big.${i}@example.test,Big,User ${i},${note},${comment}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const content = readFileSync(path);
    expect(content.length).toBeGreaterThan(50 * 1024 * 1024);
    const uploaded = await upload(cm, content, 'big.csv');
    expect(uploaded).toMatchObject({ total_rows: 26_000, file_size: content.length });
    expect(uploaded.mapping).toEqual(['username', 'email', 'first_name', 'last_name', 'cf.notes', null]);
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done).toMatchObject({ status: 'completed', processed_rows: 26_000, total_rows: 26_000 });
    expect(done.counts).toEqual({ created: 26_000, updated: 0, deactivated: 0, skipped: 0, failed: 0 });
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', 'like', 'big.%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(26_000);
    expect((await user('big.25999')).custom.notes).toBe(note);
  }, 600_000);
});
