import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { createCatalogWorld, createCategoryRow, createCourseRow } from './support/courses-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let admin: TestClient;
let dm: TestClient;
let cm: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogWorld(t.db);
  admin = await signedIn(t.app, 'root');
  dm = await signedIn(t.app, 'a.dm');
  cm = await signedIn(t.app, 'a.cm');
});
afterAll(async () => t.close());

interface TreeNode {
  id: number;
  name: string;
  label: string;
  display_name: string;
  parent_id: number | null;
  category: boolean;
  children: TreeNode[];
}

const error = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string; details?: Record<string, string[]> } }).error;
const tree = async (client = dm) => {
  const response = await client.get('/api/v3/course-categories');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: TreeNode }).data;
};
/** name → [children names] of every category, the root included. */
const shape = (node: TreeNode): Record<string, string[]> => {
  const out: Record<string, string[]> = { [node.name]: node.children.map((c) => c.name) };
  for (const child of node.children) Object.assign(out, shape(child));
  return out;
};
const create = async (name: string, parentId: number | null = null) => {
  const response = await admin.post('/api/v3/course-categories', { name, parent_id: parentId });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number; parent_id: number | null } }).data;
};

describe('course categories', () => {
  it('is a tree of spec nodes under the System Root (id 0), each level by name', async () => {
    const safety = await create('Safety');
    const fire = await create('fire', safety.id);
    await create('Chemicals', safety.id);
    await create('Compliance', 0);
    const root = await tree();
    expect(root).toMatchObject({ id: 0, name: 'System Root', label: 'System Root', parent_id: null, category: true });
    expect(shape(root)).toMatchObject({
      'System Root': ['Compliance', 'Safety'],
      Safety: ['Chemicals', 'fire'],
      fire: [],
    });
    const node = root.children[1]!.children[1]!;
    expect(node).toEqual({
      id: fire.id,
      name: 'fire',
      label: 'fire',
      display_name: 'fire',
      parent_id: safety.id,
      category: true,
      children: [],
    });
    expect(root.children[0]!.parent_id).toBe(0);
  });

  it('renames and moves, never into its own subtree, with audit entries', async () => {
    const a = await create('Move A');
    const b = await create('Move B', a.id);
    const c = await create('Move C', b.id);
    for (const target of [a.id, c.id]) {
      const response = await admin.put(`/api/v3/course-categories/${a.id}`, { parent_id: target });
      expect(response.statusCode).toBe(422);
      expect(error(response).details).toEqual({
        parent_id: ['A category cannot be moved into itself or one of its sub-categories.'],
      });
    }
    const missing = await admin.put(`/api/v3/course-categories/${b.id}`, { parent_id: 999_999 });
    expect(error(missing).details).toEqual({ parent_id: ['Choose an existing category.'] });
    // Two categories in one place never share a name (in any case); in different places they may.
    const twin = await admin.post('/api/v3/course-categories', { name: 'move c', parent_id: b.id });
    expect(twin.statusCode).toBe(422);
    expect(error(twin).details).toEqual({ name: ['Another category in the same place has this name.'] });
    expect((await admin.post('/api/v3/course-categories', { name: 'Move C', parent_id: a.id })).statusCode).toBe(201);
    const clash = await admin.put(`/api/v3/course-categories/${c.id}`, { parent_id: a.id });
    expect(error(clash).details).toEqual({ name: ['Another category in the same place has this name.'] });
    const moved = await admin.put(`/api/v3/course-categories/${c.id}`, { parent_id: 0, name: 'Moved C' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ data: { id: c.id, name: 'Moved C', parent_id: null } });
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'before', 'after'])
      .where('action', 'like', 'course_category.%')
      .where('entity_id', '=', String(c.id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['course_category.create', 'course_category.move']);
    expect(JSON.parse(entries[1]!.before!)).toMatchObject({ parent_id: b.id, name: 'Move C' });
  });

  it('deletes only a category without sub-categories and courses (422 otherwise)', async () => {
    const parent = await create('Delete parent');
    const child = await create('Delete child', parent.id);
    const withChild = await admin.delete(`/api/v3/course-categories/${parent.id}`);
    expect(withChild.statusCode).toBe(422);
    expect(error(withChild).message).toBe('Move or delete its sub-categories first.');
    await createCourseRow(t.db, { name: 'In child', categoryId: child.id });
    await createCourseRow(t.db, { name: 'In child 2', categoryId: child.id });
    const withCourses = await admin.delete(`/api/v3/course-categories/${child.id}`);
    expect(withCourses.statusCode).toBe(422);
    expect(error(withCourses).message).toBe('2 courses are in this category. Move them to another category first.');
    const empty = await create('Empty');
    expect((await admin.delete(`/api/v3/course-categories/${empty.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/v3/course-categories/${empty.id}`)).statusCode).toBe(404);
    const [entry] = await t.db
      .selectFrom('audit_log')
      .select(['before'])
      .where('action', '=', 'course_category.delete')
      .execute();
    expect(JSON.parse(entry!.before!)).toMatchObject({ id: empty.id, name: 'Empty' });
  });

  it('only site admins write categories; names are checked', async () => {
    for (const client of [dm, cm]) {
      expect((await client.post('/api/v3/course-categories', { name: 'Nope' })).statusCode).toBe(403);
      expect((await client.put('/api/v3/course-categories/1', { name: 'Nope' })).statusCode).toBe(403);
      expect((await client.delete('/api/v3/course-categories/1')).statusCode).toBe(403);
    }
    const blank = await admin.post('/api/v3/course-categories', { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(error(blank).details!)).toEqual(['name']);
  });

  it('filters the courses list by a category and its whole subtree', async () => {
    const top = await createCategoryRow(t.db, 'Filter top');
    const sub = await createCategoryRow(t.db, 'Filter sub', top);
    const inTop = await createCourseRow(t.db, { name: 'Filter 1', categoryId: top });
    const inSub = await createCourseRow(t.db, { name: 'Filter 2', categoryId: sub });
    const listed = async (id: number) => {
      const response = await admin.get(`/api/v3/courses?sort=id&field[category_id]=${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { id: number }[] }).data.map((c) => c.id);
    };
    expect(await listed(top)).toEqual([inTop, inSub]);
    expect(await listed(sub)).toEqual([inSub]);
    expect(await listed(999_999)).toEqual([]);
  });
});
