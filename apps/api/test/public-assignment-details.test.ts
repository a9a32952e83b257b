import { ASSIGNMENT_DETAILS_MESSAGES, ASSIGNMENT_DETAILS_THROTTLE, ASSIGNMENT_LINK_DAYS } from '@heed/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicAssignmentUrl } from '../src/modules/assignment-links/index.ts';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { signedIn } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let w: AssignmentsWorld;
let assignmentId: number;

beforeEach(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
  assignmentId = await insertAssignment(t.db, {
    companyId: w.companyA,
    userId: w.learners.ops1,
    courseId: w.courses.fire,
    dueAt: '2026-03-01T23:59:59.000Z',
  });
});
afterEach(async () => t.close());

const open = (token: string, ip = '203.0.113.9') =>
  t.app.inject({ url: '/api/v3/public/assignments', query: { token }, remoteAddress: ip });
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

async function expectInvalid(token: string) {
  const response = await open(token);
  expect(response.statusCode, token).toBe(404);
  expect(response.json().error.message).toBe(ASSIGNMENT_DETAILS_MESSAGES.invalid);
  expect(Object.keys(response.json().error).sort()).toEqual(['message']);
}

describe('GET /public/assignments?token=…', () => {
  it('shows the first name, course, due date, status and the way to start, nothing else, without sign-in', async () => {
    const url = await publicAssignmentUrl(t.db, assignmentId, { publicUrl: 'https://heed.example/', now: t.clock.now });
    expect(url).toMatch(/^https:\/\/heed\.example\/admin\/public\/assignments\?token=/);
    const response = await open(tokenOf(url));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      first_name: 'Olive',
      course_name: 'Fire Safety',
      due_at: '2026-03-01T23:59:59.000Z',
      status: 'overdue',
      start_path: `/login?redirect=${encodeURIComponent(`/courses/${assignmentId}`)}`,
      link_expires_at: new Date(t.clock.now.getTime() + ASSIGNMENT_LINK_DAYS * 86_400_000).toISOString(),
    });
  });

  it('answers one plain message for a wrong, altered, expired or revoked token', async () => {
    const token = tokenOf(await publicAssignmentUrl(t.db, assignmentId, { now: t.clock.now }));
    const [id, expires, signature] = token.split('.') as [string, string, string];
    await expectInvalid('');
    await expectInvalid('nonsense');
    await expectInvalid(`${id}.${expires}.${'A'.repeat(43)}`);
    await expectInvalid(`${Number(id) + 1}.${expires}.${signature}`);
    await expectInvalid(`${id}.${Number(expires) + 86_400}.${signature}`);
    expect((await open(token)).statusCode).toBe(200);

    t.clock.advanceMinutes(ASSIGNMENT_LINK_DAYS * 24 * 60 + 1);
    await expectInvalid(token);
  });

  it('stops working when revoked, and when the learner is deactivated or the assignment removed', async () => {
    const token = tokenOf(await publicAssignmentUrl(t.db, assignmentId, { now: t.clock.now }));
    const cm = await signedIn(t.app, 'a.cm');
    const made = await cm.post(`/api/v3/assignments/${assignmentId}/link`);
    expect(made.statusCode, made.body).toBe(200);
    const second = tokenOf(made.json().data.url);
    expect((await open(second)).statusCode).toBe(200);

    const revoked = await cm.request('DELETE', `/api/v3/assignments/${assignmentId}/links`);
    expect(revoked.json().data).toEqual({ revoked: 2 });
    await expectInvalid(token);
    await expectInvalid(second);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'assignment')
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['assignment.link_created', 'assignment.links_revoked']);

    const third = tokenOf(await publicAssignmentUrl(t.db, assignmentId, { now: t.clock.now }));
    await t.db.updateTable('users').set({ suspended: 1 }).where('id', '=', w.learners.ops1).execute();
    await expectInvalid(third);
    await t.db.updateTable('users').set({ suspended: 0 }).where('id', '=', w.learners.ops1).execute();
    expect((await open(third)).statusCode).toBe(200);
    await t.db.deleteFrom('assignments').where('id', '=', assignmentId).execute();
    await expectInvalid(third);
  });

  it('lets staff make and revoke links only inside their reach', async () => {
    const sales = await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.sales1,
      courseId: w.courses.fire,
    });
    const dm = await signedIn(t.app, 'a.dm');
    expect((await dm.post(`/api/v3/assignments/${assignmentId}/link`)).statusCode).toBe(200);
    expect((await dm.post(`/api/v3/assignments/${sales}/link`)).statusCode).toBe(404);
    expect((await dm.request('DELETE', `/api/v3/assignments/${sales}/links`)).statusCode).toBe(404);
    const bdm = await signedIn(t.app, 'b.dm');
    expect((await bdm.post(`/api/v3/assignments/${assignmentId}/link`)).statusCode).toBe(404);
    const reviewer = await signedIn(t.app, 'a.reviewer');
    expect((await reviewer.post(`/api/v3/assignments/${assignmentId}/link`)).statusCode).toBe(403);
  });

  it(`throttles an address after ${ASSIGNMENT_DETAILS_THROTTLE.perIp} requests`, async () => {
    for (let i = 0; i < ASSIGNMENT_DETAILS_THROTTLE.perIp; i++)
      expect((await open('x', '198.51.100.7')).statusCode).toBe(404);
    const blocked = await open('x', '198.51.100.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await open('x', '198.51.100.8')).statusCode).toBe(404);
  });
});
