import { NOTIFICATION_MESSAGES } from '@heed/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type MailPeer,
  type NotificationsWorld,
  addSchedule,
  assignDue,
  closeWorld,
  createNotificationsWorld,
  deliver,
  deliveries,
  pass,
  startMailPeer,
  useMailPeer,
} from './notifications.fixture.ts';
import { signedIn } from './support/client.ts';

let w: NotificationsWorld | undefined;
let peer: MailPeer | undefined;
afterEach(async () => {
  await closeWorld(w);
  await peer?.close();
  w = undefined;
  peer = undefined;
});

const reminder = {
  type: 'reminder_employee',
  method: 'email',
  trigger: 'after_due',
  offset_days: 2,
  repeat_every_days: 7,
  repeat_max: 3,
  quiet_start: '20:00',
  quiet_end: '07:00',
};

describe('the notification schedule (/notifications)', () => {
  it('lets Department Managers and up list, add, change and remove rows, each audited', async () => {
    w = await createNotificationsWorld();
    const dm = await signedIn(w.t.app, 'dm');
    const template = await w.t.db
      .selectFrom('notification_templates')
      .select('id')
      .where('company_id', 'is', null)
      .where('type', '=', 'reminder_employee')
      .where('method', '=', 'email')
      .executeTakeFirst();

    const created = await dm.post('/api/v3/notifications', {
      ...reminder,
      sender_id: w.ids.manager,
      template_id: template?.id ?? null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().data;
    expect(row).toMatchObject({
      type: 'reminder_employee',
      trigger: 'after_due',
      offset_days: 2,
      repeat_every_days: 7,
      repeat_max: 3,
      quiet_start: '20:00',
      quiet_end: '07:00',
      sender_id: w.ids.manager,
      sender_name: 'Manager Test',
      enabled: true,
    });
    const list = await dm.get('/api/v3/notifications');
    expect(list.json()).toMatchObject({ meta: { total: 1, last_page: 1 }, time_zone: 'UTC' });

    const changed = await dm.put(`/api/v3/notifications/${row.id}`, { ...reminder, enabled: false, offset_days: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ enabled: false, offset_days: 5, sender_id: null });
    expect((await dm.delete(`/api/v3/notifications/${row.id}`)).statusCode).toBe(204);
    expect((await dm.get(`/api/v3/notifications/${row.id}`)).statusCode).toBe(404);
    const audits = await w.t.db
      .selectFrom('audit_log')
      .select(['action', 'company_id', 'actor_id'])
      .where('entity_type', '=', 'notification')
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'notification.created', company_id: w.acme, actor_id: w.ids.dm },
      { action: 'notification.updated', company_id: w.acme, actor_id: w.ids.dm },
      { action: 'notification.deleted', company_id: w.acme, actor_id: w.ids.dm },
    ]);

    const reviewer = await signedIn(w.t.app, 'reviewer');
    expect((await reviewer.get('/api/v3/notifications')).statusCode).toBe(403);
    expect((await reviewer.post('/api/v3/notifications', reminder)).statusCode).toBe(403);
  });

  it('refuses timing, template and sender that do not fit, with the fields named (422)', async () => {
    w = await createNotificationsWorld();
    const cm = await signedIn(w.t.app, 'cm');
    const bad = async (body: Record<string, unknown>) => {
      const response = await cm.post('/api/v3/notifications', body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().error.details as Record<string, string[]>;
    };
    expect(await bad({ ...reminder, trigger: 'event' })).toEqual({ trigger: [NOTIFICATION_MESSAGES.triggerForType] });
    expect(await bad({ ...reminder, offset_days: null })).toEqual({
      offset_days: [NOTIFICATION_MESSAGES.offsetRequired],
    });
    expect(await bad({ ...reminder, repeat_max: null })).toEqual({ repeat_max: [NOTIFICATION_MESSAGES.repeatPair] });
    expect(await bad({ ...reminder, quiet_end: null })).toEqual({ quiet_end: [NOTIFICATION_MESSAGES.quietPair] });
    expect(Object.keys(await bad({ ...reminder, quiet_start: '25:00' }))).toEqual(['quiet_start']);
    expect(await bad({ type: 'assignments_report', method: 'email', trigger: 'periodic' })).toEqual({
      repeat_every_days: [NOTIFICATION_MESSAGES.periodRequired],
    });
    // The senders list (spec §6): role 1 or 2, not deactivated, of this company.
    expect(await bad({ ...reminder, sender_id: w.ids.ann })).toEqual({ sender_id: [NOTIFICATION_MESSAGES.sender] });
    expect(await bad({ ...reminder, sender_id: w.ids.otherCm })).toEqual({ sender_id: [NOTIFICATION_MESSAGES.sender] });
    const smsTemplate = await w.t.db
      .selectFrom('notification_templates')
      .select('id')
      .where('company_id', 'is', null)
      .where('method', '=', 'sms')
      .executeTakeFirst();
    if (smsTemplate)
      expect(await bad({ ...reminder, template_id: smsTemplate.id })).toEqual({
        template_id: [NOTIFICATION_MESSAGES.template],
      });
    expect(await bad({ ...reminder, template_id: 2_000_000 })).toEqual({
      template_id: [NOTIFICATION_MESSAGES.template],
    });
    expect((await cm.post('/api/v3/notifications', { ...reminder, type: 'nope' })).statusCode).toBe(422);
    expect(await w.t.db.selectFrom('notifications').select('id').execute()).toEqual([]);
  });

  it('answers 404 for another company’s rows', async () => {
    w = await createNotificationsWorld();
    const id = await addSchedule(w, { type: 'course_assignment', trigger: 'event', company_id: w.other });
    const cm = await signedIn(w.t.app, 'cm');
    expect((await cm.get(`/api/v3/notifications/${id}`)).statusCode).toBe(404);
    expect(
      (await cm.put(`/api/v3/notifications/${id}`, { type: 'course_assignment', method: 'email', trigger: 'event' }))
        .statusCode,
    ).toBe(404);
    expect((await cm.delete(`/api/v3/notifications/${id}`)).statusCode).toBe(404);
    expect((await cm.get('/api/v3/notifications')).json().meta.total).toBe(0);
    const other = await signedIn(w.t.app, 'othercm');
    expect((await other.get(`/api/v3/notifications/${id}`)).statusCode).toBe(200);
  });
});

describe('the delivery log (/notifications/deliveries)', () => {
  it('lists what was queued, sent and failed with the error, filters, pages, exports and resends', async () => {
    w = await createNotificationsWorld();
    peer = await startMailPeer({ refuse: ['ben@example.test'] });
    await useMailPeer(w, peer.port);
    await addSchedule(w, { type: 'reminder_employee', trigger: 'after_due', offset_days: 1 });
    await assignDue(w, w.ids.ann, -1);
    await assignDue(w, w.ids.ben, -1);
    await assignDue(w, w.ids.cal, -1);
    await pass(w);
    const cm = await signedIn(w.t.app, 'cm');
    const queued = (await cm.get('/api/v3/notifications/deliveries')).json();
    expect(queued.data.map((d: { status: string }) => d.status)).toEqual(['queued', 'queued', 'queued']);
    await deliver(w);

    const all = (await cm.get('/api/v3/notifications/deliveries?per_page=2')).json();
    expect(all.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    const failed = (await cm.get('/api/v3/notifications/deliveries?status=failed')).json();
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({
      recipient: 'ben@example.test',
      status: 'failed',
      attempts: 1,
      user_name: 'Ben Test',
    });
    expect(failed.data[0].error).toMatch(/550/);
    const text = (await cm.get('/api/v3/notifications/deliveries?text=ANN&field[status]=sent,failed')).json();
    expect(text.data.map((d: { recipient: string }) => d.recipient)).toEqual(['ann@example.test']);
    expect((await cm.get('/api/v3/notifications/deliveries?method=sms')).json().meta.total).toBe(0);
    const bogus = await cm.get('/api/v3/notifications/deliveries?field[status]=bogus');
    expect(bogus.statusCode).toBe(422);
    expect(Object.keys(bogus.json().error.details)).toEqual(['field[status]']);
    expect((await cm.get('/api/v3/notifications/deliveries?from=2026-03-03')).json().meta.total).toBe(0);

    const csv = await cm.get('/api/v3/notifications/deliveries/export?status=failed');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]!.replace(/^\uFEFF/, '')).toBe(
      'When,Recipient,User,Type,Method,Status,Attempts,Sent at,Subject,Error',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('ben@example.test');
    expect(lines[1]).toContain('User Reminder');
    const xlsx = await cm.get('/api/v3/notifications/deliveries/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    // Resend: a new delivery of the same message, sent by the worker.
    const ann = (await deliveries(w)).find((d) => d.recipient === 'ann@example.test')!;
    const resent = await cm.post(`/api/v3/notifications/deliveries/${ann.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json().data).toMatchObject({ status: 'queued', recipient: 'ann@example.test' });
    await deliver(w);
    expect(peer.arrived.filter((m) => m.to === 'ann@example.test')).toHaveLength(2);
    expect(
      await w.t.db.selectFrom('audit_log').select('action').where('action', '=', 'delivery.resent').execute(),
    ).toHaveLength(1);

    const other = await signedIn(w.t.app, 'othercm');
    expect((await other.get('/api/v3/notifications/deliveries')).json().meta.total).toBe(0);
    expect((await other.post(`/api/v3/notifications/deliveries/${ann.id}/resend`)).statusCode).toBe(404);
  });

  it('does not resend a password reset e-mail', async () => {
    w = await createNotificationsWorld();
    const row = await w.t.db
      .insertInto('deliveries')
      .values({
        company_id: w.acme,
        notification_id: null,
        assignment_id: null,
        user_id: w.ids.ann,
        type: 'reset_password',
        method: 'email',
        recipient: 'ann@example.test',
        subject: 'Reset your password',
        body: 'https://heed.test/password/reset/[removed after sending]',
        status: 'sent',
        error: null,
        sent_at: '2026-03-01T00:00:00.000Z',
        created_at: '2026-03-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cm = await signedIn(w.t.app, 'cm');
    const response = await cm.post(`/api/v3/notifications/deliveries/${row.id}/resend`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details).toEqual({ id: [NOTIFICATION_MESSAGES.resendReset] });
  });
});
