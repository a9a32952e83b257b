import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, ensureInitialData } from '../src/db/seed/initial-data.ts';
import { signedIn } from './support/client.ts';
import { DEMO_SEED_LIMIT_MS, type TestApp, createTestApp } from './support/test-app.ts';

// The demo's learners completed courses before the player existed: their certificates are issued on
// the first download like any other, and verify publicly.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await ensureInitialData(t.db, t.config, t.app.log);
}, DEMO_SEED_LIMIT_MS);
afterAll(async () => t.close());

describe('the demo learner', () => {
  it('downloads a certificate of each completed course on My Courses, and its number verifies', async () => {
    const learner = await signedIn(t.app, 'acme.student', DEMO_PASSWORD);
    const mine = (await learner.get('/api/v3/my/assignments')).json() as {
      data: { id: number; status: string; completed_at: string | null; course: { name: string } }[];
    };
    const completed = mine.data.filter((a) => a.completed_at !== null);
    expect(completed.length).toBeGreaterThan(0);
    for (const [i, assignment] of completed.entries()) {
      const response = await learner.get(`/api/v3/my/assignments/${assignment.id}/certificate`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const pdf = await PDFDocument.load(new Uint8Array(response.rawPayload));
      expect(pdf.getTitle()).toContain(assignment.course.name);
      const number = pdf.getKeywords()?.split(' ')[0] ?? '';
      const verified = await t.app.inject({
        method: 'GET',
        url: `/api/v3/public/certificates/${number}`,
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().data).toMatchObject({
        course_name: assignment.course.name,
        company_name: expect.stringContaining('Acme'),
        completed_at: assignment.completed_at,
      });
    }
    const open = mine.data.find((a) => a.completed_at === null);
    if (open) expect((await learner.get(`/api/v3/my/assignments/${open.id}/certificate`)).statusCode).toBe(404);
  }, 60_000);
});
