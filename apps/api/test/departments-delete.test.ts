import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { type DepartmentsFixture, createDepartmentsFixture } from './support/departments-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let f: DepartmentsFixture;
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  f = await createDepartmentsFixture(t.db);
  cm = await signedIn(t.app, 'cm');
});
afterEach(async () => t.close());

const error = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string; details: Record<string, string[]> } }).error;
const remove = (id: number, reassignTo?: number, client = cm) =>
  client.delete(`/api/v3/departments/${id}${reassignTo === undefined ? '' : `?reassign_to=${reassignTo}`}`);
const exists = async (id: number) =>
  (await t.db.selectFrom('departments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const usersOf = (departmentId: number) =>
  t.db
    .selectFrom('users')
    .select(['id', 'updated_at'])
    .where('department_id', '=', departmentId)
    .orderBy('id')
    .execute();
const audits = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('DELETE /departments/{id}', () => {
  it('deletes an empty department and audits it', async () => {
    const response = await remove(f.ids.apac);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { id: f.ids.apac, reassigned_users: 0 } });
    expect(await exists(f.ids.apac)).toBe(false);
    const [entry] = await audits('department.delete');
    expect(entry).toMatchObject({ entity_id: String(f.ids.apac), company_id: f.company });
    expect(JSON.parse(entry!.before as string)).toMatchObject({ name: 'APAC', parent_id: f.ids.sales });
  });

  it('refuses a department with users unless they are reassigned, saying how many', async () => {
    const response = await remove(f.ids.uk);
    expect(response.statusCode).toBe(422);
    const message = '3 users are in this department. Choose a department to move them to.';
    expect(error(response)).toEqual({ message, details: { reassign_to: [message] } });
    expect(await exists(f.ids.uk)).toBe(true);
    expect(await audits('department.delete')).toHaveLength(0);
  });

  it('moves the users to reassign_to, deletes the department and audits each moved user', async () => {
    const moving = await usersOf(f.ids.uk);
    const response = await remove(f.ids.uk, f.ids.ops);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ id: f.ids.uk, reassigned_users: 3 });
    expect(await exists(f.ids.uk)).toBe(false);
    const now = await usersOf(f.ids.ops);
    expect(now.map((u) => u.id)).toEqual(expect.arrayContaining(moving.map((u) => u.id)));
    expect(
      now.filter((u) => moving.some((m) => m.id === u.id)).every((u) => u.updated_at === t.clock.now.toISOString()),
    ).toBe(true);
    const userEntries = await audits('user.update');
    expect(userEntries.map((e) => e.entity_id).sort()).toEqual(moving.map((u) => String(u.id)).sort());
    for (const entry of userEntries) {
      expect(entry.company_id).toBe(f.company);
      expect(entry.actor_id).not.toBeNull();
      expect(JSON.parse(entry.before as string)).toEqual({ department_id: f.ids.uk });
      expect(JSON.parse(entry.after as string)).toMatchObject({ department_id: f.ids.ops });
    }
    const [entry] = await audits('department.delete');
    expect(JSON.parse(entry!.after as string)).toEqual({ reassigned_to: f.ids.ops, reassigned_users: 3 });
    const counts = (await cm.get('/api/v3/departments')).json().data;
    expect(counts.find((d: { id: number }) => d.id === f.ids.ops)).toMatchObject({ user_count: 4 });
  });

  it('refuses a department with sub-departments, even with reassign_to', async () => {
    for (const reassign of [undefined, f.ids.ops]) {
      const response = await remove(f.ids.emea, reassign);
      expect(response.statusCode).toBe(422);
      expect(error(response).details).toEqual({ children: ['Move or delete its sub-departments first.'] });
    }
    expect(await exists(f.ids.emea)).toBe(true);
    expect(await usersOf(f.ids.emea)).toHaveLength(1);
  });

  it("refuses reassigning to the department itself, to a missing one or to company B's", async () => {
    const cases: [number, string][] = [
      [f.ids.uk, 'Choose a department outside the one being deleted.'],
      [999_999, 'Choose an existing department.'],
      [f.ids.b, 'Choose an existing department.'],
    ];
    for (const [target, message] of cases) {
      const response = await remove(f.ids.uk, target);
      expect(response.statusCode, String(target)).toBe(422);
      expect(error(response).details).toEqual({ reassign_to: [message] });
      expect(response.body).not.toContain('Bravo');
    }
    expect(await usersOf(f.ids.uk)).toHaveLength(3);
    expect(await audits('user.update')).toHaveLength(0);
  });

  it("answers company B's department like a missing one and leaves it alone", async () => {
    const missing = await remove(999_999);
    const other = await remove(f.ids.b, f.ids.ops);
    expect([missing.statusCode, other.statusCode]).toEqual([404, 404]);
    expect(other.body).toBe(missing.body);
    expect(await exists(f.ids.b)).toBe(true);
  });

  it('refuses Reviewers and Department Managers, their own empty subtree included', async () => {
    for (const login of ['reviewer', 'dm']) {
      const response = await remove(f.ids.apac, undefined, await signedIn(t.app, login));
      expect(response.statusCode, login).toBe(403);
    }
    expect(await exists(f.ids.apac)).toBe(true);
  });

  it("drops a deleted department from its manager's scope", async () => {
    await t.db.updateTable('users').set({ department_id: null }).where('username', '=', 'dm').execute();
    await t.db.updateTable('department_managers').set({ department_id: f.ids.apac }).execute();
    const dm = await signedIn(t.app, 'dm');
    expect((await dm.get('/api/v3/departments')).json().data).toHaveLength(1);
    expect((await remove(f.ids.apac)).statusCode).toBe(200);
    expect((await dm.get('/api/v3/departments')).json().data).toEqual([]);
  });
});
