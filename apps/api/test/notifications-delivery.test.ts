import { afterEach, describe, expect, it } from 'vitest';
import { queueNotification } from '../src/modules/notifications/index.ts';
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
  startSmsProvider,
  useMailPeer,
} from './notifications.fixture.ts';

let w: NotificationsWorld | undefined;
let peer: MailPeer | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await closeWorld(w);
  await peer?.close();
  for (const close of closers.splice(0)) await close();
  w = undefined;
  peer = undefined;
});

describe('the daily reminder pass and delivery', () => {
  it('queues each due step once, however often it runs, and the worker sends each through SMTP once', async () => {
    w = await createNotificationsWorld();
    peer = await startMailPeer();
    await useMailPeer(w, peer.port);
    const { ids } = w;
    await addSchedule(w, { type: 'reminder_employee', trigger: 'before_due', offset_days: 3 });
    await addSchedule(w, {
      type: 'reminder_employee',
      trigger: 'after_due',
      offset_days: 1,
      repeat_every_days: 7,
      repeat_max: 3,
    });
    const soon = await assignDue(w, ids.ann, 3); // 3 days before: step 0 of the first row
    const late = await assignDue(w, ids.ben, -1); // 1 day after: step 0 of the second
    const later = await assignDue(w, ids.cal, -8); // 8 days after: step 1 of the second
    await assignDue(w, ids.cal, -1, 'completed'); // done: no reminder
    await assignDue(w, ids.gone, -1); // deactivated: no reminder
    await assignDue(w, ids.ann, 2); // no step today

    expect(await pass(w)).toMatchObject({ queued: 3 });
    expect(await pass(w)).toMatchObject({ queued: 0 });
    const queued = await deliveries(w);
    expect(queued.map((d) => [d.assignment_id, d.recipient, d.status])).toEqual([
      [soon, 'ann@example.test', 'queued'],
      [late, 'ben@example.test', 'queued'],
      [later, 'cal@example.test', 'queued'],
    ]);

    expect(await deliver(w)).toMatchObject({ sent: 3, failed: 0 });
    expect(await deliver(w)).toMatchObject({ sent: 0 });
    expect(await pass(w)).toMatchObject({ queued: 0 });
    expect(peer.arrived.map((m) => m.to).sort()).toEqual(['ann@example.test', 'ben@example.test', 'cal@example.test']);
    const ann = peer.arrived.find((m) => m.to === 'ann@example.test')!;
    expect(ann.subject).toContain('Fire Safety');
    expect(ann.text).toContain('Ann');
    expect(ann.html).toContain('<html');
    const sent = await deliveries(w);
    expect(sent.every((d) => d.status === 'sent' && d.attempts === 1 && d.subject?.includes('Fire Safety'))).toBe(true);
  });

  it('groups all of a manager’s overdue reports into one Manager Reminder, and sends the team report', async () => {
    w = await createNotificationsWorld();
    peer = await startMailPeer();
    await useMailPeer(w, peer.port);
    const { ids } = w;
    await addSchedule(w, {
      type: 'reminder_supervisor',
      trigger: 'after_due',
      offset_days: 7,
      repeat_every_days: 7,
      repeat_max: 4,
    });
    await addSchedule(w, { type: 'assignments_report', trigger: 'periodic', repeat_every_days: 1 });
    await assignDue(w, ids.ann, -7); // step 0 today
    await assignDue(w, ids.ben, -14); // step 1 today
    await assignDue(w, ids.cal, -3); // overdue, no step today: listed in the same message

    expect(await pass(w)).toMatchObject({ queued: 2 });
    expect(await deliver(w)).toMatchObject({ sent: 2 });
    expect(peer.arrived.map((m) => m.to)).toEqual(['manager@example.test', 'manager@example.test']);
    const reminder = peer.arrived.find((m) => /overdue/i.test(m.subject))!;
    for (const name of ['Ann', 'Ben', 'Cal']) expect(reminder.text).toContain(name);
    expect(await pass(w)).toMatchObject({ queued: 0 });
  });

  it('waits for the morning of the company’s time zone and outside quiet hours', async () => {
    w = await createNotificationsWorld();
    peer = await startMailPeer();
    await useMailPeer(w, peer.port);
    await w.t.db.updateTable('companies').set({ time_zone: 'America/New_York' }).where('id', '=', w.acme).execute();
    await addSchedule(w, {
      type: 'reminder_employee',
      trigger: 'after_due',
      offset_days: 1,
      quiet_start: '07:00',
      quiet_end: '10:30',
    });
    // 09:00 UTC is 04:00 in New York: the due date of "yesterday" there is 2026-03-01.
    await assignDue(w, w.ids.ann, -1);
    expect(await pass(w)).toMatchObject({ queued: 1 });
    const [row] = await deliveries(w);
    // Morning is 08:00 local, inside the quiet hours: 10:30 New York (EST, UTC-5) is 15:30 UTC.
    expect(row!.next_attempt_at).toBe('2026-03-02T15:30:00.000Z');
    expect(await deliver(w)).toMatchObject({ sent: 0 });
    w.t.clock.now = new Date('2026-03-02T15:31:00.000Z');
    expect(await deliver(w)).toMatchObject({ sent: 1 });
  });

  it('queues an event notification in the event’s transaction, once per assignment', async () => {
    w = await createNotificationsWorld();
    peer = await startMailPeer();
    await useMailPeer(w, peer.port);
    const { t, ids } = w;
    await addSchedule(w, { type: 'course_assignment', trigger: 'event' });
    const assignment = await assignDue(w, ids.ann, 10);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await queueNotification(trx, {
          companyId: w!.acme,
          type: 'course_assignment',
          userId: ids.ann,
          assignmentId: assignment,
          now: t.clock.now,
        });
        throw new Error('the event is rolled back');
      })
      .catch(() => undefined);
    expect(await deliveries(w)).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      await t.db.transaction().execute((trx) =>
        queueNotification(trx, {
          companyId: w!.acme,
          type: 'course_assignment',
          userId: ids.ann,
          assignmentId: assignment,
          now: t.clock.now,
        }),
      );
    }
    expect(await deliveries(w)).toHaveLength(1);
    // Deactivated users and users without the schedule's type get nothing.
    await t.db.transaction().execute((trx) =>
      queueNotification(trx, {
        companyId: w!.acme,
        type: 'course_accessed',
        userId: ids.ann,
        assignmentId: assignment,
        now: t.clock.now,
      }),
    );
    expect(await deliveries(w)).toHaveLength(1);
    expect(await deliver(w)).toMatchObject({ sent: 1 });
    expect(peer.arrived[0]).toMatchObject({ to: 'ann@example.test' });
    expect(peer.arrived[0]!.subject).toContain('New training: Fire Safety');
  });

  it('records a permanent refusal (5xx) as failed without retrying, and sends the others', async () => {
    w = await createNotificationsWorld();
    peer = await startMailPeer({ refuse: ['ben@example.test'] });
    await useMailPeer(w, peer.port);
    await addSchedule(w, { type: 'reminder_employee', trigger: 'after_due', offset_days: 1 });
    await assignDue(w, w.ids.ann, -1);
    await assignDue(w, w.ids.ben, -1);
    await pass(w);
    expect(await deliver(w)).toMatchObject({ sent: 1, failed: 1, retrying: 0 });
    const failed = (await deliveries(w)).find((d) => d.recipient === 'ben@example.test')!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toMatch(/550/);
    w.t.clock.advanceMinutes(120);
    expect(await deliver(w)).toMatchObject({ sent: 0, failed: 0 });
    expect(peer.arrived.map((m) => m.to)).toEqual(['ann@example.test']);
  });

  it('sends SMS through the provider’s HTTP API, retrying its 503, and keeps them in the outbox without one', async () => {
    const sms = await startSmsProvider({ failFirst: 1 });
    closers.push(sms.close);
    w = await createNotificationsWorld({ sms: { url: sms.url, token: 'sms-token', from: 'Acme' } });
    await addSchedule(w, { type: 'reminder_employee', method: 'sms', trigger: 'after_due', offset_days: 1 });
    await assignDue(w, w.ids.ann, -1);
    await pass(w);
    expect(await deliver(w)).toMatchObject({ sent: 0, retrying: 1 });
    const [waiting] = await deliveries(w);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.error).toMatch(/503/);
    w.t.clock.advanceMinutes(1);
    expect(await deliver(w)).toMatchObject({ sent: 1 });
    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]).toMatchObject({ to: `+1555000${w.ids.ann}`, authorization: 'Bearer sms-token' });
    expect(sms.received[0]!.text).toContain('Fire Safety');

    await closeWorld(w);
    w = await createNotificationsWorld();
    await addSchedule(w, { type: 'reminder_employee', method: 'sms', trigger: 'after_due', offset_days: 1 });
    await assignDue(w, w.ids.ann, -1);
    await pass(w);
    expect(await deliver(w)).toMatchObject({ outbox: 1 });
    expect((await deliveries(w))[0]).toMatchObject({ status: 'outbox', method: 'sms' });
  });
});
