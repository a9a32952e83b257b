import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processNextJob } from '../src/jobs/worker.ts';
import { executeRun, sweepDueReports } from '../src/modules/automated-reports/index.ts';
import { runDeliveries } from '../src/modules/notifications/index.ts';
import { closeMailTransports } from '../src/platform/mail.ts';
import { type MailPeer, startMailPeer } from './notifications.fixture.ts';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Automated Reports (issue 18 item 5): validation, access, scheduled and manual runs whose files hold
// each recipient's own numbers (the report endpoints' for that recipient), idempotent sweeps, e-mails
// through the delivery pipeline to a real SMTP peer, and downloads.

const URL = '/api/v3/automated-reports';
let t: TestApp;
let w: AssignmentsWorld;
let root: TestClient;
let peer: MailPeer;

const worker = () => ({
  db: t.db,
  dialect: t.dialect,
  config: t.config,
  log: { info: () => {}, warn: () => {}, error: () => {} },
  workerId: 'test',
});

/** Runs queued jobs until none is due: report runs, then the deliveries they queued. */
async function drain() {
  for (let i = 0; i < 20; i++) if (!(await processNextJob(worker()))) return;
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Weekly status',
  report: 'course-summary',
  format: 'csv',
  recipient_ids: [w.actors.cm, w.actors.dm],
  schedule: { kind: 'weekly', weekday: 1, time: '08:00' },
  ...overrides,
});

/** The CSV's rows as arrays of cells (no quoted commas in these fixtures). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

beforeAll(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
  peer = await startMailPeer();
  await t.db
    .insertInto('email_settings')
    .values({
      company_id: w.companyA,
      sender_name: 'Alpha Training',
      sender_email: 'training@alpha.test',
      reply_to: null,
      host: '127.0.0.1',
      port: peer.port,
      security: 'none',
      username: null,
      password: null,
      updated_at: '2026-01-01T00:00:00.000Z',
    })
    .execute();
  const a = (userId: number, courseId: number, status = 'not_started', extra = {}) =>
    insertAssignment(t.db, { companyId: w.companyA, userId, courseId, status, ...extra });
  await a(w.learners.ops1, w.courses.fire, 'completed', { completedAt: '2026-02-01T10:00:00.000Z', score: 90 });
  await a(w.learners.ops2, w.courses.fire);
  await a(w.learners.east1, w.courses.ethics, 'in_progress', { startedAt: '2026-02-02T10:00:00.000Z' });
  await a(w.learners.sales1, w.courses.fire, 'not_started', { dueAt: '2026-02-01T00:00:00.000Z' });
  await a(w.learners.sales2, w.courses.ethics, 'completed', { completedAt: '2026-02-03T10:00:00.000Z', score: 70 });
  await a(w.learners.nodept, w.courses.fire);
  root = await signedIn(t.app, 'root');
  root.companyId = String(w.companyA);
});
afterEach(async () => {
  await t.db.deleteFrom('automated_reports').execute();
  peer.arrived.length = 0;
});
afterAll(async () => {
  closeMailTransports();
  await peer.close();
  await t.close();
});

describe('automated reports: saving', () => {
  it('refuses a bad cron, no recipients, an unknown report and a recipient without a console role, field by field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ schedule: { kind: 'cron', cron: '61 * * * *' } }, 'schedule.cron'],
      [{ schedule: { kind: 'cron', cron: '*/10 * * * *' } }, 'schedule.cron'],
      [{ recipient_ids: [] }, 'recipient_ids'],
      [{ recipient_ids: [w.learners.ops1] }, 'recipient_ids'],
      [{ recipient_ids: [w.actors.bdm] }, 'recipient_ids'],
      [{ report: 'no-such-report' }, 'report'],
      [{ schedule: { kind: 'weekly' } }, 'schedule.weekday'],
      [{ report: 'attribute-summary' }, 'filters.attribute'],
      [{ filters: { custom_fields: { missing: ['x'] } } }, 'filters.custom_fields.missing'],
    ];
    for (const [change, field] of cases) {
      const response = await root.post(URL, body(change));
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().error.details), field).toContain(field);
    }
    expect(await t.db.selectFrom('automated_reports').selectAll().execute()).toHaveLength(0);
  });

  it('creates, lists with the schedule in words and the next run in company time, updates, deletes, each audited', async () => {
    await t.db.updateTable('companies').set({ time_zone: 'Europe/Berlin' }).where('id', '=', w.companyA).execute();
    const created = await root.post(URL, body());
    expect(created.statusCode).toBe(201);
    const report = created.json().data;
    // 2026-03-02 is a Monday, 09:00 UTC = 10:00 Berlin: the next Monday 08:00 Berlin is 07:00 UTC a week on.
    expect(report).toMatchObject({
      schedule_text: 'Every Monday at 08:00',
      time_zone: 'Europe/Berlin',
      next_run_at: '2026-03-09T07:00:00.000Z',
      enabled: true,
      last_run: null,
    });
    expect(report.recipients.map((r: { id: number }) => r.id)).toEqual([w.actors.cm, w.actors.dm]);
    const list = await root.get(`${URL}?sort=name`);
    expect(list.json().data.map((r: { name: string }) => r.name)).toEqual(['Weekly status']);
    const updated = await root.put(`${URL}/${report.id}`, body({ schedule: { kind: 'cron', cron: '30 6 * * *' } }));
    expect(updated.json().data).toMatchObject({
      schedule_text: 'Cron: 30 6 * * *',
      next_run_at: '2026-03-03T05:30:00.000Z',
    });
    const disabled = await root.put(`${URL}/${report.id}`, body({ enabled: false }));
    expect(disabled.json().data.next_run_at).toBeNull();
    expect((await root.delete(`${URL}/${report.id}`)).statusCode).toBe(200);
    expect((await root.get(`${URL}/${report.id}`)).statusCode).toBe(404);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'automated_report')
      .where('entity_id', '=', String(report.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'automated_reports.create',
      'automated_reports.update',
      'automated_reports.update',
      'automated_reports.delete',
    ]);
    await t.db.updateTable('companies').set({ time_zone: 'UTC' }).where('id', '=', w.companyA).execute();
  });

  it('is for site admins only: Company and Department Managers and Reviewers get 403, another company’s report a 404', async () => {
    const id = (await root.post(URL, body())).json().data.id;
    for (const login of ['a.cm', 'a.dm', 'a.reviewer']) {
      const client = await signedIn(t.app, login);
      expect((await client.get(URL)).statusCode, login).toBe(403);
      expect((await client.post(`${URL}/${id}/run`)).statusCode, login).toBe(403);
    }
    const other = await signedIn(t.app, 'root');
    other.companyId = String(w.companyB);
    expect((await other.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await other.post(`${URL}/${id}/run`)).statusCode).toBe(404);
    expect((await other.get(`${URL}/${id}/runs`)).statusCode).toBe(404);
    // CSRF as on every mutation.
    expect((await root.post(`${URL}/${id}/run`, undefined, { csrf: false })).statusCode).toBe(419);
  });
});

describe('automated reports: runs', () => {
  it('a scheduled run makes one file per recipient with the report endpoint’s numbers for that recipient, and e-mails each', async () => {
    const id = (await root.post(URL, body({ schedule: { kind: 'daily', time: '09:30' } }))).json().data.id;
    // Due at 09:30 today: the 09:00 sweep queues it for then; a second sweep (and a third) adds nothing.
    expect(await sweepDueReports(t.db, t.clock.now)).toEqual({ queued: 1 });
    expect(await sweepDueReports(t.db, t.clock.now)).toEqual({ queued: 0 });
    expect(await sweepDueReports(t.db, t.clock.now)).toEqual({ queued: 0 });
    const runs = await t.db.selectFrom('automated_report_runs').selectAll().where('report_id', '=', id).execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', scheduled_for: '2026-03-02T09:30:00.000Z', status: 'queued' });
    const jobs = await t.db.selectFrom('jobs').selectAll().where('type', '=', 'automated_report_run').execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at).toBe('2026-03-02T09:30:00.000Z');
    const report = (await root.get(`${URL}/${id}`)).json().data;
    expect(report.next_run_at).toBe('2026-03-03T09:30:00.000Z');

    t.clock.advanceMinutes(30);
    // Sessions end after idle minutes of the test clock: sign in again.
    root = await signedIn(t.app, 'root');
    root.companyId = String(w.companyA);
    await drain();
    await runDeliveries(t.db, t.config, { workerId: 'test', now: () => t.clock.now });
    const page = (await root.get(`${URL}/${id}/runs`)).json();
    expect(page.meta.total).toBe(1);
    const run = page.data[0];
    expect(run).toMatchObject({ status: 'sent', trigger: 'schedule', error: null });
    expect(run.files).toHaveLength(2);

    for (const [login, userId] of [
      ['a.cm', w.actors.cm],
      ['a.dm', w.actors.dm],
    ] as const) {
      const file = run.files.find((f: { recipient: { id: number } }) => f.recipient.id === userId);
      expect(file.delivery_status).toBe('sent');
      const download = await root.get(`${URL}/${id}/runs/${run.id}/files/${file.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toContain('text/csv');
      const rows = csvRows(download.body);
      const endpoint = (await (await signedIn(t.app, login)).get('/api/v3/reports/assignments/course-summary')).json()
        .data;
      expect(rows.slice(1).map((r) => [r[0], Number(r[1])])).toEqual(
        endpoint.map((c: { course: { name: string }; assigned: number }) => [c.course.name, c.assigned]),
      );
      expect(file.rows).toBe(endpoint.length);
    }
    // The Department Manager's file covers Ops and Ops East only: 3 assignments, not the company's 6.
    const dmFile = run.files.find((f: { recipient: { id: number } }) => f.recipient.id === w.actors.dm);
    const dmRows = csvRows((await root.get(`${URL}/${id}/runs/${run.id}/files/${dmFile.id}`)).body);
    expect(dmRows.slice(1).reduce((sum, r) => sum + Number(r[1]), 0)).toBe(3);

    // One e-mail each at the SMTP peer, with a link that downloads that recipient's file without signing in.
    expect(peer.arrived.map((m) => m.to).sort()).toEqual(['a.cm@example.test', 'a.dm@example.test']);
    const mail = peer.arrived.find((m) => m.to === 'a.dm@example.test')!;
    expect(mail.subject).toBe('Weekly status: Course summary');
    const link = /http\S+\/api\/v3\/automated-report-files\/\S+/.exec(mail.text)![0];
    const viaLink = await t.app.inject({ method: 'GET', url: new globalThis.URL(link).pathname });
    expect(viaLink.statusCode).toBe(200);
    expect(csvRows(viaLink.body)).toEqual(dmRows);
    const tampered = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'GET', url: new globalThis.URL(tampered).pathname })).statusCode).toBe(404);
    const deliveries = await t.db
      .selectFrom('deliveries')
      .selectAll()
      .where('type', '=', 'assignments_report')
      .execute();
    expect(deliveries).toHaveLength(2);

    // The job run again (a retry after a crash past the commit) makes nothing new.
    await executeRun({ db: t.db, storage: {} as never, publicUrl: '' }, run.id, { now: () => t.clock.now });
    expect(await t.db.selectFrom('automated_report_files').selectAll().execute()).toHaveLength(2);
    const listed = (await root.get(URL)).json().data[0];
    expect(listed.last_run).toMatchObject({ id: run.id, status: 'sent' });
  });

  it('run now queues a job with progress; XLSX and PDF files download and re-open', async () => {
    const id = (await root.post(URL, body({ format: 'xlsx', recipient_ids: [w.actors.cm] }))).json().data.id;
    const started = await root.post(`${URL}/${id}/run`);
    expect(started.statusCode).toBe(202);
    const { run, job_id } = started.json().data;
    expect(run).toMatchObject({ trigger: 'manual', status: 'queued', started_by: { id: w.actors.root } });
    await drain();
    const job = (await root.get(`/api/v3/jobs/${job_id}`)).json().data;
    expect(job).toMatchObject({ status: 'completed', progress: 1, total: 1 });
    const done = (await root.get(`${URL}/${id}/runs`)).json().data[0];
    expect(done).toMatchObject({ id: run.id, status: 'sent', rows: 2 });
    const xlsx = await root.get(`${URL}/${id}/runs/${run.id}/files/${done.files[0].id}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Ethics');
    expect(sheet.getRow(3).getCell(1).value).toBe('Fire Safety');

    await root.put(`${URL}/${id}`, body({ format: 'pdf', recipient_ids: [w.actors.cm] }));
    const pdfRun = (await root.post(`${URL}/${id}/run`)).json().data.run;
    await drain();
    const pdfDone = (await root.get(`${URL}/${id}/runs`)).json().data.find((r: { id: number }) => r.id === pdfRun.id);
    const pdf = await root.get(`${URL}/${id}/runs/${pdfRun.id}/files/${pdfDone.files[0].id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', String(id))
      .where('action', 'like', 'automated_reports.run%')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'automated_reports.run',
      'automated_reports.run_finished',
      'automated_reports.run',
      'automated_reports.run_finished',
    ]);
  });
});
