import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInitialData } from '../src/db/seed/initial-data.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { DEMO_SEED_LIMIT_MS, type TestApp, createTestApp } from './support/test-app.ts';

// The demo catalog (db/seed/catalog*.ts) through the catalog API: the shape migration 021 gave it.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await ensureInitialData(t.db, t.config, t.app.log);
  admin = await signedIn(t.app, 'admin', t.config.adminPassword);
}, DEMO_SEED_LIMIT_MS);
afterAll(async () => t.close());

interface TreeNode {
  id: number;
  name: string;
  category: boolean;
  children: TreeNode[];
}

describe('the demo catalog', () => {
  it('is a category tree under the virtual System Root, with no stored root', async () => {
    const response = await admin.get('/api/v3/course-categories');
    expect(response.statusCode, response.body).toBe(200);
    const root = (response.json() as { data: TreeNode }).data;
    expect(root).toMatchObject({ id: 0, name: 'System Root' });
    expect(root.children.map((c) => c.name)).toEqual(['Compliance', 'Healthcare', 'HR', 'Safety', 'Security']);
    expect(root.children[0]!.children.map((c) => c.name)).toEqual(['Financial Crime']);
  });

  it('reads every demo course with questions topics and one correct option per question', async () => {
    const list = await admin.get('/api/v3/courses?per_page=500');
    expect(list.statusCode, list.body).toBe(200);
    const rows = (list.json() as { data: { id: number; topics_count: number }[] }).data;
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const response = await admin.get(`/api/v3/courses/${row.id}`);
      expect(response.statusCode).toBe(200);
      const course = (
        response.json() as {
          data: { topics: { kind: string; questions: { type: string; options: { correct: boolean }[] }[] }[] };
        }
      ).data;
      expect(course.topics).toHaveLength(row.topics_count);
      for (const topic of course.topics) {
        if (topic.kind === 'scorm' || topic.kind === 'document') expect(topic.questions).toEqual([]);
        else expect(topic.kind).toBe(topic.questions.length > 0 ? 'questions' : 'text');
        for (const question of topic.questions) {
          expect(question.type).toBe('single');
          expect(question.options.filter((o) => o.correct)).toHaveLength(1);
        }
      }
    }
  });
});
