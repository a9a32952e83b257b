import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.repository.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type BulkFixture, addLearners, bulk, createBulkFixture, dataOf } from './users-bulk.fixture.ts';

let t: TestApp;
let f: BulkFixture;
let dmJob: number;
let cmJob: number;
const clients: Record<string, TestClient> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await createBulkFixture(t);
  const vendor = await createCompany(t.db, { name: 'Heed' });
  await createUser(t.db, { companyId: vendor.id, username: 'root', role: 1, siteAdmin: true });
  for (const login of ['cm', 'sales.cm', 'sales.dm', 'dan', 'reviewer', 'other.cm', 'root', 'bob'])
    clients[login] = await signedIn(t.app, login);
  await addLearners(t, f.company, 1001, 'sales.', f.ids.sales);
  dmJob = dataOf(await bulk(clients['sales.dm']!, 'all=1', { action: 'send_password_reset' })).job_id;
  cmJob = dataOf(await bulk(clients.cm!, 'all=1', { action: 'reactivate' })).job_id;
});
afterAll(async () => t.close());

const status = async (login: string, id: number, headers?: Record<string, string>) =>
  (await clients[login]!.get(`/api/v3/jobs/${id}`, headers ? { headers } : undefined)).statusCode;

describe('GET /jobs/{id}', () => {
  it('shows a job to the person who started it and to the company’s managers, and to nobody else', async () => {
    expect(dmJob).toBeGreaterThan(0);
    expect(await status('sales.dm', dmJob)).toBe(200);
    expect(await status('cm', dmJob)).toBe(200);
    expect(await status('sales.cm', dmJob)).toBe(200);
    // Another Department Manager and a Reviewer of the company: as if it did not exist.
    expect(await status('dan', dmJob)).toBe(404);
    expect(await status('reviewer', dmJob)).toBe(404);
    expect(await status('sales.dm', cmJob)).toBe(404);
    // Learners never reach it; other companies see nothing.
    expect(await status('bob', dmJob)).toBe(403);
    expect(await status('other.cm', dmJob)).toBe(404);
    expect(await status('other.cm', dmJob, { 'x-company-id': String(f.company) })).toBe(403);
    // A site admin sees it in the company they act on.
    expect(await status('root', dmJob)).toBe(404);
    expect(await status('root', dmJob, { 'x-company-id': String(f.company) })).toBe(200);
  });

  it('answers status, progress and the result, and why a failed job failed', async () => {
    const queued = (await clients.cm!.get(`/api/v3/jobs/${cmJob}`)).json().data;
    expect(queued).toEqual({
      id: cmJob,
      type: 'users_bulk',
      status: 'queued',
      progress: 0,
      total: 0,
      result: null,
      error: null,
      created_at: t.clock.now.toISOString(),
      updated_at: t.clock.now.toISOString(),
    });
    const failed = await enqueue(t.db, {
      type: 'users_bulk',
      payload: {},
      companyId: f.company,
      createdBy: f.ids.cm!,
      now: t.clock.now,
    });
    await t.db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'The job payload is not a bulk action on users.' })
      .where('id', '=', failed.id)
      .execute();
    const answer = (await clients.cm!.get(`/api/v3/jobs/${failed.id}`)).json().data;
    expect(answer).toMatchObject({ status: 'failed', error: 'The job payload is not a bulk action on users.' });
    expect((await clients.cm!.get('/api/v3/jobs/0')).statusCode).toBe(422);
  });
});
