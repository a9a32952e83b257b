import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configure, runImport, upload } from './fixtures/import-harness.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Issue 21, defect 2: a department named by less than its full path ("Line 1", "Plant A / New Team")
// is the one department whose path ends so, never a new top-level one; several such is a row error.

let t: TestApp;
let cm: TestClient;
let companyId: number;
const ids: Record<string, number> = {};

beforeEach(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db, { name: 'Acme' })).id;
  ids.operations = (await createDepartment(t.db, companyId, 'Operations')).id;
  ids.plantA = (await createDepartment(t.db, companyId, 'Plant A', ids.operations)).id;
  ids.plantB = (await createDepartment(t.db, companyId, 'Plant B', ids.operations)).id;
  ids.lineA = (await createDepartment(t.db, companyId, 'Line 1', ids.plantA)).id;
  ids.lineB = (await createDepartment(t.db, companyId, 'Line 1', ids.plantB)).id;
  ids.packing = (await createDepartment(t.db, companyId, 'Packing', ids.plantA)).id;
  await createUser(t.db, { companyId, role: 1, username: 'cm' });
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const departmentOf = async (username: string) =>
  (await t.db.selectFrom('users').select('department_id').where('username', '=', username).executeTakeFirst())
    ?.department_id;

describe('users import: departments named by the end of their path', () => {
  it('match the one department whose path ends so, create under it, and refuse an ambiguous name', async () => {
    const csv = [
      'Username,E-mail,First name,Last name,Department',
      'u.packing,u.packing@acme.test,Una,Packing,Packing',
      'u.plant,u.plant@acme.test,Una,Plant,plant a / line 1',
      'u.new,u.new@acme.test,Una,New,Plant A / Night Shift',
      'u.line,u.line@acme.test,Una,Line,Line 1',
    ].join('\n');
    const uploaded = await upload(cm, csv, 'departments.csv');
    await configure(cm, uploaded.id, { options: { create_departments: true } });
    const { import: done, errors } = await runImport(t, cm, uploaded.id);

    expect(done.counts).toMatchObject({ created: 3, failed: 1 });
    expect(await departmentOf('u.packing')).toBe(ids.packing);
    expect(await departmentOf('u.plant')).toBe(ids.lineA);
    const night = await t.db
      .selectFrom('departments')
      .select(['id', 'parent_id'])
      .where('company_id', '=', companyId)
      .where('name', '=', 'Night Shift')
      .executeTakeFirstOrThrow();
    expect(night.parent_id).toBe(ids.plantA);
    expect(await departmentOf('u.new')).toBe(night.id);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 5, column: 'Department', value: 'Line 1' });
    expect(errors[0]?.message).toBe(
      'Several departments are called this: Operations / Plant A / Line 1; Operations / Plant B / Line 1. Write the full path of the one you mean.',
    );
    // No department was made again at the top.
    const topLevel = await t.db
      .selectFrom('departments')
      .select('name')
      .where('company_id', '=', companyId)
      .where('parent_id', 'is', null)
      .execute();
    expect(topLevel.map((d) => d.name)).toEqual(['Operations']);
  });
});
