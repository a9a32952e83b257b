import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type UsersFixture, addCustomField, createUsersFixture } from './support/users-fixture.ts';

let t: TestApp;
let f: UsersFixture;
let cm: TestClient;

const HEADER = [
  'ID',
  'First name',
  'Last name',
  'Username',
  'E-mail',
  'Role',
  'Department',
  'Manager',
  'Status',
  'Phone',
  'Hired',
  'Last sign-in',
  'Created',
];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Acme of the users fixture, plus a number and a boolean custom field, and details on Anna. */
beforeEach(async () => {
  t = await createTestApp();
  f = await createUsersFixture(t.db);
  const badge = await addCustomField(t.db, f.company, 'badge', 'number');
  const remote = await addCustomField(t.db, f.company, 'remote', 'boolean');
  await t.db.updateTable('custom_fields').set({ label: 'Badge no.' }).where('id', '=', badge).execute();
  await t.db.updateTable('custom_fields').set({ label: 'Remote' }).where('id', '=', remote).execute();
  await t.db
    .insertInto('user_field_values')
    .values([
      { user_id: f.ids.anna!, field_id: badge, company_id: f.company, value: '-5' },
      { user_id: f.ids.anna!, field_id: remote, company_id: f.company, value: 'true' },
      { user_id: f.ids.bob!, field_id: remote, company_id: f.company, value: 'false' },
    ])
    .execute();
  await t.db
    .updateTable('users')
    .set({ phone: '020 7946 0000', hired_at: '2024-05-01', last_login_at: '2026-02-01T08:30:00.000Z' })
    .where('id', '=', f.ids.anna!)
    .execute();
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const exportUrl = (query = '') => `/api/v3/users/export${query}`;

async function exportCsv(client: TestClient, query = ''): Promise<string[][]> {
  const response = await client.get(exportUrl(query));
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.body, { bom: true }) as string[][];
}

/** The sheet's rows as text, each as long as the header, empty cells as ''. */
async function xlsxRows(response: LightMyRequestResponse): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: width }, (_, i) => (row.getCell(i + 1).value ?? '').toString()));
  });
  return rows;
}

const usernamesOf = (rows: string[][]) => rows.slice(1).map((row) => row[3]);

async function auditEntries(db: Kysely<Database>) {
  const rows = await db.selectFrom('audit_log').selectAll().where('action', '=', 'users.export').execute();
  return rows.map((row) => ({ ...row, after: JSON.parse(row.after ?? 'null') }));
}

describe('GET /users/export (CSV)', () => {
  it("streams the company's users in id order with labels, relations and one column per custom field", async () => {
    const response = await cm.get(exportUrl());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-2026-03-02.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const rows = parse(response.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual([...HEADER, 'Site', 'Badge no.', 'Remote']);
    expect(usernamesOf(rows)).toEqual(['cm', 'reviewer', 'anna', 'bob', 'cleo', 'dan']);
    const byName = new Map(rows.slice(1).map((row) => [row[3], row]));
    expect(byName.get('anna')).toEqual([
      String(f.ids.anna),
      'Anna',
      'Zimmer',
      'anna',
      'anna@example.test',
      'Student',
      'HQ',
      '',
      'Active',
      '020 7946 0000',
      '2024-05-01',
      '2026-02-01 08:30:00',
      '2026-01-01 00:00:00',
      '',
      '-5',
      'Yes',
    ]);
    expect(byName.get('bob')!.slice(5, 9)).toEqual(['Student', 'Sales', 'Anna Zimmer <anna>', 'Active']);
    expect(byName.get('bob')!.slice(13)).toEqual(['Leeds', '', 'No']);
    expect(byName.get('cleo')![8]).toBe('Deactivated');
    expect(byName.get('cm')![5]).toBe('Company Manager');
    expect(byName.get('reviewer')![5]).toBe('Reviewer');
    expect(byName.get('dan')!.slice(5, 7)).toEqual(['Department Manager', 'Ops']);
    expect(response.body).not.toContain('foreigner');
  });

  it('applies the list filters, and ignores paging and sorting', async () => {
    expect(usernamesOf(await exportCsv(cm, '?field[role]=0'))).toEqual(['anna', 'bob', 'cleo']);
    expect(usernamesOf(await exportCsv(cm, `?field[department_id]=${f.ids.sales}`))).toEqual(['bob', 'cleo']);
    expect(usernamesOf(await exportCsv(cm, '?field[cf.site]=Leeds,York&field[suspended]=0'))).toEqual(['bob']);
    expect(usernamesOf(await exportCsv(cm, `?field[manager_id]=${f.ids.anna}`))).toEqual(['bob', 'cleo']);
    expect(usernamesOf(await exportCsv(cm, '?text=zimmer'))).toEqual(['anna']);
    expect(usernamesOf(await exportCsv(cm, '?text=zz'))).toEqual([]);
    expect(usernamesOf(await exportCsv(cm, '?page=3&per_page=1&sort=last_name&order=desc'))).toEqual([
      'cm',
      'reviewer',
      'anna',
      'bob',
      'cleo',
      'dan',
    ]);
  });

  it('gives a Department Manager only their subtree, and a Reviewer the whole company', async () => {
    await createUser(t.db, { companyId: f.company, username: 'olly', departmentId: f.ids.ops });
    const dm = await signedIn(t.app, 'dan');
    expect(usernamesOf(await exportCsv(dm))).toEqual(['dan', 'olly']);
    expect(usernamesOf(await exportCsv(dm, `?field[department_id]=${f.ids.hq}`))).toEqual([]);
    await t.db
      .insertInto('department_managers')
      .values({ user_id: f.ids.dan!, department_id: f.ids.sales!, company_id: f.company })
      .execute();
    expect(usernamesOf(await exportCsv(dm))).toEqual(['bob', 'cleo', 'dan', 'olly']);
    const reviewer = await signedIn(t.app, 'reviewer');
    expect(usernamesOf(await exportCsv(reviewer))).toHaveLength(7);
  });

  it('neutralises cells that a spreadsheet would run as a formula', async () => {
    const names = ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tTab', '\rReturn'];
    for (const [i, name] of names.entries()) {
      await createUser(t.db, {
        companyId: f.company,
        username: `formula${i}`,
        firstName: name,
        lastName: `=${i}+${i}`,
      });
    }
    await t.db.updateTable('users').set({ phone: '+44 20 7946 0000' }).where('username', '=', 'formula0').execute();
    const rows = (await exportCsv(cm, '?text=formula')).slice(1);
    expect(rows.map((row) => row[1])).toEqual(names.map((name) => `'${name}`));
    expect(rows.map((row) => row[2])).toEqual(names.map((_, i) => `'=${i}+${i}`));
    expect(rows[0]![9]).toBe("'+44 20 7946 0000");
    // Numbers are numbers, not text: a negative number custom field keeps its sign.
    const anna = (await exportCsv(cm, `?field[user_id]=${f.ids.anna}`))[1]!;
    expect(anna[14]).toBe('-5');
  });

  it('round-trips quotes, commas and line breaks through a CSV parser', async () => {
    const tricky = { first: 'Line one\nLine two', last: 'O"Brien, Jr.', site: 'a,b\r\nc "quoted"' };
    const user = await createUser(t.db, {
      companyId: f.company,
      username: 'tricky',
      firstName: tricky.first,
      lastName: tricky.last,
    });
    await t.db
      .insertInto('user_field_values')
      .values({ user_id: user.id, field_id: f.siteFieldId, company_id: f.company, value: tricky.site })
      .execute();
    const rows = await exportCsv(cm);
    expect(rows.every((row) => row.length === HEADER.length + 3)).toBe(true);
    const row = rows.find((r) => r[3] === 'tricky')!;
    expect([row[1], row[2], row[13]]).toEqual([tricky.first, tricky.last, tricky.site]);
  });

  it('exports thousands of users across batch boundaries, each exactly once, never another tenant', async () => {
    const stamp = '2026-01-01T00:00:00.000Z';
    const rows = Array.from({ length: 6000 }, (_, i) => ({
      company_id: i % 6 === 5 ? f.otherCompany : f.company,
      username: `bulk${i}`,
      email: null,
      first_name: 'Bulk',
      last_name: `User ${i}`,
      password_hash: 'x',
      role: i % 3 === 0 ? 3 : 0,
      site_admin: 0,
      suspended: 0,
      department_id: null,
      manager_id: null,
      phone: null,
      hired_at: null,
      external_id: null,
      last_login_at: null,
      created_at: stamp,
      updated_at: stamp,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('users')
        .values(rows.slice(i, i + 500))
        .execute();
    const inserted = await t.db
      .selectFrom('users')
      .select(['id', 'company_id', 'username'])
      .where('username', 'like', 'bulk%')
      .execute();
    // Every 10th of Acme's bulk users works in Leeds; the other company's users have a field value of their own.
    const foreignField = await addCustomField(t.db, f.otherCompany, 'site', 'text');
    const values = inserted
      .filter((user) => user.company_id !== f.company || Number(user.username.slice(4)) % 10 === 0)
      .map((user) =>
        user.company_id === f.company
          ? { user_id: user.id, field_id: f.siteFieldId, company_id: f.company, value: 'Leeds' }
          : { user_id: user.id, field_id: foreignField, company_id: f.otherCompany, value: 'FOREIGN' },
      );
    for (let i = 0; i < values.length; i += 500)
      await t.db
        .insertInto('user_field_values')
        .values(values.slice(i, i + 500))
        .execute();
    const expected = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', f.company)
      .orderBy('id')
      .execute();
    expect(expected.length).toBe(5006);

    // One name in a middle batch holds a control character the database's CSV lines separate cells with.
    const odd = inserted.find((user) => user.username === 'bulk3000')!;
    await t.db.updateTable('users').set({ first_name: 'Bulk\u001fOdd' }).where('id', '=', odd.id).execute();

    const everyone = (await exportCsv(cm)).slice(1);
    expect(everyone.map((row) => Number(row[0]))).toEqual(expected.map((row) => row.id));
    expect(everyone.find((row) => row[3] === 'bulk3000')![1]).toBe('Bulk\u001fOdd');
    expect(everyone.every((row) => row.length === HEADER.length + 3)).toBe(true);
    const leeds = values.filter((value) => value.value === 'Leeds').length + 1;
    expect(everyone.filter((row) => row[13] === 'Leeds').length).toBe(leeds);
    expect(everyone.some((row) => row.includes('FOREIGN'))).toBe(false);
    // A sparse filter: one user in ten, their values fetched by id.
    const inLeeds = (await exportCsv(cm, '?field[cf.site]=Leeds')).slice(1);
    expect(inLeeds.length).toBe(leeds);
    expect(inLeeds.every((row) => row[13] === 'Leeds')).toBe(true);
    const reviewers = (await exportCsv(cm, '?field[role]=3')).slice(1).map((row) => Number(row[0]));
    expect(reviewers.length).toBe(1 + rows.filter((r) => r.company_id === f.company && r.role === 3).length);
    expect(new Set(reviewers).size).toBe(reviewers.length);
    expect([...reviewers].sort((a, b) => a - b)).toEqual(reviewers);

    const xlsx = await cm.get(exportUrl('?format=xlsx'));
    expect((await xlsxRows(xlsx)).slice(1).map((row) => Number(row[0]))).toEqual(expected.map((row) => row.id));
  });

  it('records who exported what in the audit log once the download ends', async () => {
    await exportCsv(cm, '?field[role]=0&text=a&page=2');
    const [entry, ...others] = await auditEntries(t.db);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ company_id: f.company, actor_id: f.ids.cm, entity_type: 'user' });
    expect(entry!.after).toEqual({
      format: 'csv',
      filter: { 'field[role]': '0', text: 'a' },
      rows: 1,
      completed: true,
    });
  });
});

describe('GET /users/export (XLSX)', () => {
  it('opens in a spreadsheet library with the same rows as the CSV', async () => {
    await createUser(t.db, { companyId: f.company, username: 'odd', firstName: '=1+1', lastName: 'A "b", c\nd' });
    const response = await cm.get(exportUrl('?format=xlsx'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-2026-03-02.xlsx"');
    expect(response.headers['cache-control']).toBe('no-store');
    const sheet = await xlsxRows(response);
    expect(sheet).toEqual(await exportCsv(cm));
    expect(sheet.find((row) => row[3] === 'odd')!.slice(1, 3)).toEqual(["'=1+1", 'A "b", c\nd']);
  });
});

describe('GET /users/export refusals', () => {
  it('refuses students, and any caller without a session', async () => {
    const student = await signedIn(t.app, 'anna');
    expect((await student.get(exportUrl())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: exportUrl() })).statusCode).toBe(403);
  });

  it('answers bad input with a 422 before any file byte', async () => {
    const cases: [string, string][] = [
      ['?format=pdf', 'format'],
      ['?field[colour]=red', 'field[colour]'],
      ['?field[role]=9', 'field[role]'],
      ['?field[cf.nope]=1', 'field[cf.nope]'],
    ];
    for (const [query, field] of cases) {
      const response = await cm.get(exportUrl(query));
      expect(response.statusCode, query).toBe(422);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(Object.keys(response.json().error.details)).toEqual([field]);
    }
    expect(await auditEntries(t.db)).toEqual([]);
  });
});
