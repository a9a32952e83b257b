import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, upload, configure } from './fixtures/import-harness.ts';
import { type ImportWorld, createImportWorld, customValues } from './fixtures/import-world.ts';
import type { TestClient } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { createDepartment } from './support/factories.ts';
import { clientFor } from './support/world.ts';

// Issue 21, defect 1: the product re-imports its own export. Seventeen people with every column filled
// the way HR fills them (a nested department, a manager, a phone starting with +, a formula-like note,
// every custom field type, deactivated people) are exported and imported back with "update users the
// file matches": nothing changes, in CSV and in XLSX. Two departments share the name "Line 1" (defect 2):
// the export writes their full paths, which the import resolves, and the other departments' names.

let t: TestApp;
let world: ImportWorld;
let cm: TestClient;

const SHIRTS = ['S', 'M', 'L'];

beforeAll(async () => {
  t = await createTestApp();
  world = await createImportWorld(t);
  cm = await clientFor(t, 'cm');
  const lineInOperations = await createDepartment(t.db, world.companyA, 'Line 1', world.departmentA);
  const lineInFinance = await createDepartment(t.db, world.companyA, 'line 1', world.finance);
  const departmentOf = (i: number) =>
    i % 5 === 1
      ? lineInOperations.id
      : i % 5 === 2
        ? lineInFinance.id
        : i % 3 === 0
          ? world.departmentA
          : world.departmentA1;
  const manager = await cm.post('/api/v3/users', {
    username: 'round.boss',
    first_name: 'Rita',
    last_name: 'Boss',
    email: 'rita.boss@example.test',
    role: 2,
  });
  expect(manager.statusCode, manager.body).toBe(201);
  for (let i = 1; i <= 16; i++) {
    const response = await cm.post('/api/v3/users', {
      username: `round.${i}`,
      first_name: i % 5 === 0 ? 'Zoë' : `First${i}`,
      last_name: i % 4 === 0 ? "O'Neil, Jr." : `Last ${i}`,
      email: i % 6 === 0 ? null : `round.${i}@example.test`,
      role: i % 7 === 0 ? 3 : 0,
      department_id: departmentOf(i),
      manager_id: i % 2 === 0 ? manager.json().data.id : null,
      phone: i % 2 === 0 ? `+44 20 7946 ${String(i).padStart(4, '0')}` : null,
      hired_at: i % 3 === 1 ? `2024-0${(i % 9) + 1}-15` : null,
      suspended: i % 8 === 0,
      custom_fields: {
        notes: i % 4 === 1 ? `=SUM(A${i}) is not a formula` : i % 4 === 2 ? 'Line one, "quoted"' : null,
        badge: i % 2 === 0 ? 1000 + i : null,
        contract_end: i % 3 === 0 ? '2027-12-31' : null,
        remote: i % 2 === 0,
        shirt: SHIRTS[i % 3]!,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(async () => t.close());

/** Every person of company A as the database holds them, custom values included. */
async function snapshot() {
  const users = await t.db
    .selectFrom('users')
    .selectAll()
    .where('company_id', '=', world.companyA)
    .orderBy('id')
    .execute();
  return Promise.all(users.map(async (u) => ({ ...u, custom: await customValues(t.db, u.id) })));
}

const userAuditEntries = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('entity_type', '=', 'user')
        .where('action', '!=', 'users.export')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('users export → import', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`re-imports its own ${format.toUpperCase()} export to the same people with zero changes`, async () => {
      const exported = await cm.get(`/api/v3/users/export?format=${format}`);
      expect(exported.statusCode, exported.body).toBe(200);
      const file = exported.rawPayload;
      if (format === 'csv') {
        const text = file.toString('utf8');
        expect(text).toContain('Rita Boss <round.boss>');
        expect(text).toContain("'+44 20 7946 0002");
        // A name two departments share is written as the path; a name only one has, as the name.
        expect(text).toContain(',Operations / Line 1,');
        expect(text).toContain(',Finance / line 1,');
        expect(text).toContain(',Plant 1,');
      }
      const before = await snapshot();
      const audits = await userAuditEntries();

      const uploaded = await upload(cm, file, `users.${format}`);
      if (format === 'csv') expect(uploaded.total_rows).toBe(before.length);
      await configure(cm, uploaded.id, {
        options: { match_by: 'username', update_existing: true, blank_clears: true },
      });
      const { import: done, errors } = await runImport(t, cm, uploaded.id);

      expect(errors).toEqual([]);
      expect(done.counts).toMatchObject({ created: 0, updated: 0, failed: 0, deactivated: 0 });
      expect(await snapshot()).toEqual(before);
      expect(await userAuditEntries()).toBe(audits);
    });
  }
});
