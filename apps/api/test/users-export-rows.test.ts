import { CUSTOM_FIELDS_PER_COMPANY_MAX } from '@heed/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, addCustomField, createUsersFixture } from './support/users-fixture.ts';

// The export builds each row in the database (names joined, custom values gathered by field id) and
// writes CSV text itself: these cover what passes through that path, beside users-export.test.ts.
let t: TestApp;
let f: UsersFixture;
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

async function csvRows(client: TestClient, query = ''): Promise<string[][]> {
  const response = await client.get(`/api/v3/users/export${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.body, { bom: true }) as string[][];
}

async function xlsxRows(client: TestClient): Promise<string[][]> {
  const response = await client.get('/api/v3/users/export?format=xlsx');
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  sheet.eachRow((row) =>
    rows.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value ?? '').toString())),
  );
  return rows;
}

const byUsername = (rows: string[][]) => new Map(rows.slice(1).map((row) => [row[3], row]));

describe('GET /users/export rows', () => {
  it('quotes and neutralises department and manager names, and keeps custom values as written', async () => {
    const department = '=Sales "North", floor 2\nwing';
    const site = 'back\\slash "q" \u00fc \u{1F600} {"json": [1]}';
    await t.db.updateTable('departments').set({ name: department }).where('id', '=', f.ids.sales!).execute();
    await t.db.updateTable('users').set({ first_name: '@Anna' }).where('id', '=', f.ids.anna!).execute();
    await t.db
      .updateTable('user_field_values')
      .set({ value: site })
      .where('user_id', '=', f.ids.bob!)
      .where('field_id', '=', f.siteFieldId)
      .execute();

    const csv = await csvRows(cm);
    const bob = byUsername(csv).get('bob')!;
    expect([bob[6], bob[7], bob[13]]).toEqual([`'${department}`, "'@Anna Zimmer <anna>", site]);
    expect(byUsername(csv).get('anna')![1]).toBe("'@Anna");
    expect(await xlsxRows(cm)).toEqual(csv);
  });

  it('exports a company without custom fields as the fixed columns, in a Department Manager scope too', async () => {
    await t.db.deleteFrom('user_field_values').where('field_id', '=', f.siteFieldId).execute();
    await t.db.deleteFrom('custom_fields').where('id', '=', f.siteFieldId).execute();
    const rows = await csvRows(cm);
    expect(rows[0]).toHaveLength(13);
    expect(rows.every((row) => row.length === 13)).toBe(true);
    expect(byUsername(rows).get('bob')!.slice(6, 8)).toEqual(['Sales', 'Anna Zimmer <anna>']);

    const dm = await signedIn(t.app, 'dan');
    const scoped = await csvRows(dm);
    expect(scoped.slice(1).map((row) => row[3])).toEqual(['dan']);
    expect(scoped[1]!.slice(5, 9)).toEqual(['Department Manager', 'Ops', '', 'Active']);
  });

  it('leaves a custom field cell empty for a user without a value, and shows only the company’s fields', async () => {
    // A value held under another company's field must neither fill nor shift any column.
    const foreign = await addCustomField(t.db, f.otherCompany, 'site', 'text');
    await t.db
      .insertInto('user_field_values')
      .values({ user_id: f.ids.anna!, field_id: foreign, company_id: f.otherCompany, value: 'FOREIGN' })
      .execute();
    const rows = await csvRows(cm, `?field[department_id]=${f.ids.hq}`);
    const byName = byUsername(rows);
    expect(rows.every((row) => row.length === 14)).toBe(true);
    expect(byName.get('anna')![13]).toBe('');
    expect(byName.get('bob')![13]).toBe('Leeds');
    expect(rows.flat()).not.toContain('FOREIGN');
  });

  it('spells stored numbers as numbers and anything else in a number field as text, in CSV as in XLSX', async () => {
    const badge = await addCustomField(t.db, f.company, 'badge', 'number');
    // Values are stored canonical (`-5`); one written around the rules is read the way the cell writer reads it.
    await t.db
      .insertInto('user_field_values')
      .values([
        { user_id: f.ids.anna!, field_id: badge, company_id: f.company, value: '-5' },
        { user_id: f.ids.bob!, field_id: badge, company_id: f.company, value: '042' },
        { user_id: f.ids.cleo!, field_id: badge, company_id: f.company, value: '=1+1' },
        { user_id: f.ids.dan!, field_id: badge, company_id: f.company, value: '-1.50' },
      ])
      .execute();
    const csv = await csvRows(cm);
    const byName = byUsername(csv);
    expect(['anna', 'bob', 'cleo', 'dan', 'cm'].map((name) => byName.get(name)![14])).toEqual([
      '-5',
      '42',
      "'=1+1",
      '-1.5',
      '',
    ]);
    expect(await xlsxRows(cm)).toEqual(csv);
  });

  it('exports a company with as many custom fields as it may have, one column each', async () => {
    const fields: number[] = [];
    for (let i = 1; i < CUSTOM_FIELDS_PER_COMPANY_MAX; i++)
      fields.push(await addCustomField(t.db, f.company, `f${i}`, 'text'));
    await t.db
      .insertInto('user_field_values')
      .values({ user_id: f.ids.anna!, field_id: fields.at(-1)!, company_id: f.company, value: 'last, one' })
      .execute();
    const rows = await csvRows(cm);
    expect(rows.every((row) => row.length === 13 + CUSTOM_FIELDS_PER_COMPANY_MAX)).toBe(true);
    expect(byUsername(rows).get('anna')!.slice(-2)).toEqual(['', 'last, one']);
    expect(byUsername(rows).get('bob')![13]).toBe('Leeds');
  });

  it('exports text holding the control characters U+001C to U+001F as it is stored', async () => {
    const odd = 'a\u001fb\u001ec\u001cd\u001de';
    await t.db.updateTable('users').set({ first_name: odd, phone: '\u001d7' }).where('id', '=', f.ids.anna!).execute();
    await t.db.updateTable('departments').set({ name: '=Sales\u001f2' }).where('id', '=', f.ids.sales!).execute();
    const rows = await csvRows(cm);
    expect(rows.slice(1).map((row) => row[3])).toEqual(['cm', 'reviewer', 'anna', 'bob', 'cleo', 'dan']);
    expect(rows.every((row) => row.length === 14)).toBe(true);
    const byName = byUsername(rows);
    expect([byName.get('anna')![1], byName.get('anna')![9]]).toEqual([odd, '\u001d7']);
    expect(byName.get('bob')!.slice(6, 8)).toEqual(["'=Sales\u001f2", `${odd} Zimmer <anna>`]);
    expect(byName.get('cleo')![13]).toBe('York');
  });
});
