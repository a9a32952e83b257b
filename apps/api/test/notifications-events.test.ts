import { afterEach, describe, expect, it } from 'vitest';
import { PNG, assetParts, upload } from './assets.fixture.ts';
import { createRule, runRule } from './assignment-rules.fixture.ts';
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
import { type TestClient, signedIn } from './support/client.ts';
import { playerCourseBody, startAttempt } from './support/player-fixture.ts';

// Issue 17 item 3: the event notifications, queued in their event's transaction through the pipeline,
// received by a real SMTP server; a suspended company gets nothing; the logo's public address (decision 077).

let w: NotificationsWorld | undefined;
let peer: MailPeer | undefined;
afterEach(async () => {
  await closeWorld(w);
  await peer?.close();
  w = undefined;
  peer = undefined;
});

async function world() {
  w = await createNotificationsWorld();
  peer = await startMailPeer();
  await useMailPeer(w, peer.port);
  return { w, peer, cm: await signedIn(w.t.app, 'cm') };
}

const EVENT_TYPES = ['course_assignment', 'user_registration', 'course_accessed'] as const;

async function scheduleEvents(nw: NotificationsWorld, enabled = 1) {
  for (const type of EVENT_TYPES) await addSchedule(nw, { type, trigger: 'event', enabled });
}

const assign = (cm: TestClient, nw: NotificationsWorld, userIds: number[], courseId = nw.courseId) =>
  cm.post('/api/v3/assignments', {
    learners: { user_ids: userIds },
    course_ids: [courseId],
    due_date: '2026-04-30',
    notify: true,
  });

const newUser = (cm: TestClient, username: string) =>
  cm.post('/api/v3/users', {
    username,
    email: `${username}@example.test`,
    first_name: 'Dora',
    last_name: 'New',
    role: 0,
  });

/** A course the player can open (made through the API, so it has a version), assigned to `userId`. */
async function playableAssignment(nw: NotificationsWorld, userId: number) {
  const root = await signedIn(nw.t.app, 'root');
  const course = await root.post('/api/v3/courses', playerCourseBody({ name: 'Evacuation' }));
  expect(course.statusCode, course.body).toBe(201);
  const courseId = course.json().data.id as number;
  return {
    courseId,
    assignmentId: await nw.t.db
      .insertInto('assignments')
      .values({
        company_id: nw.acme,
        user_id: userId,
        course_id: courseId,
        status: 'not_started',
        source: 'manual',
        assigned_at: '2026-03-01T00:00:00.000Z',
        due_at: '2026-04-30T23:59:59.000Z',
        created_at: '2026-03-01T00:00:00.000Z',
        updated_at: '2026-03-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id),
  };
}

function countByType(rows: { type: string }[]) {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.type] = (counts[row.type] ?? 0) + 1;
  return counts;
}

describe('event notifications through the pipeline', () => {
  it('sends each event type once, with its placeholders rendered, to the right person', async () => {
    const { w, peer, cm } = await world();
    await scheduleEvents(w);
    // course_assignment: New assignment with "notify now".
    expect((await assign(cm, w, [w.ids.ann])).json().data).toMatchObject({ created: 1, notified: 1 });
    // user_registration: a user created in the console.
    const created = await newUser(cm, 'dora');
    expect(created.statusCode, created.body).toBe(201);
    // update_password: the Company Manager changes their own password (a system type: no schedule row needed).
    const changed = await cm.put(`/api/v3/users/${w.ids.cm}`, { password: 'a-brand-new-passphrase' });
    expect(changed.statusCode, changed.body).toBe(200);
    // course_accessed: Ben opens a course in the player, twice; his manager hears of it once.
    const playable = await playableAssignment(w, w.ids.ben);
    const ben = await signedIn(w.t.app, 'ben');
    await startAttempt(ben, playable.assignmentId);
    await startAttempt(ben, playable.assignmentId);

    expect(await deliver(w)).toMatchObject({ sent: 4, failed: 0 });
    expect(await deliver(w)).toMatchObject({ sent: 0 });
    expect(countByType(await deliveries(w))).toEqual({
      course_assignment: 1,
      user_registration: 1,
      update_password: 1,
      course_accessed: 1,
    });
    const to = (address: string) => peer.arrived.filter((m) => m.to === address);
    expect(peer.arrived).toHaveLength(4);
    expect(to('ann@example.test')).toMatchObject([{ subject: 'New training: Fire Safety (due 2026-04-30)' }]);
    expect(to('ann@example.test')[0]!.text).toContain('Hello Ann,');
    expect(to('dora@example.test')).toMatchObject([{ subject: 'Welcome to Acme training' }]);
    expect(to('dora@example.test')[0]!.text).toContain('Your username is dora.');
    expect(to('cm@example.test')).toMatchObject([{ subject: 'Your password was changed' }]);
    expect(to('cm@example.test')[0]!.text).toContain('The password of your account cm was changed.');
    expect(to('manager@example.test')).toMatchObject([{ subject: 'Ben Test started Evacuation' }]);
    expect(to('manager@example.test')[0]!.text).toContain('Hello Manager,');
    for (const mail of peer.arrived) {
      expect(mail.text).not.toContain('{{');
      expect(mail.html).toContain('Acme');
    }
  });

  it('sends nothing for a disabled schedule row (the password notice still goes out)', async () => {
    const { w, peer, cm } = await world();
    await scheduleEvents(w, 0);
    expect((await assign(cm, w, [w.ids.ann])).json().data).toMatchObject({ created: 1, notified: 0 });
    expect((await newUser(cm, 'dora')).statusCode).toBe(201);
    const playable = await playableAssignment(w, w.ids.ben);
    await startAttempt(await signedIn(w.t.app, 'ben'), playable.assignmentId);
    await cm.put(`/api/v3/users/${w.ids.cm}`, { password: 'a-brand-new-passphrase' });
    await deliver(w);
    expect((await deliveries(w)).map((d) => d.type)).toEqual(['update_password']);
    expect(peer.arrived.map((m) => m.to)).toEqual(['cm@example.test']);
  });

  it('queues one course_assignment per learner a rule run assigns, once however often it runs', async () => {
    const { w, peer, cm } = await world();
    await scheduleEvents(w);
    const rule = await createRule(cm, {
      conditions: [{ field: 'role', operator: 'in', value: [0] }],
      course_ids: [w.courseId],
      due_days: 30,
    });
    const first = await runRule(cm, rule.id);
    // ann, ben, cal (gone is deactivated, the staff are not students).
    expect(first.created).toBe(3);
    expect((await runRule(cm, rule.id)).created).toBe(0);
    const queued = (await deliveries(w)).filter((d) => d.type === 'course_assignment');
    expect(queued.map((d) => d.recipient).sort()).toEqual(['ann@example.test', 'ben@example.test', 'cal@example.test']);
    // A user created later is assigned by the rule in the same transaction, and told of both.
    expect((await newUser(cm, 'dora')).statusCode).toBe(201);
    expect(await deliver(w)).toMatchObject({ sent: 5, failed: 0 });
    expect((await runRule(cm, rule.id)).created).toBe(0);
    expect(await deliver(w)).toMatchObject({ sent: 0 });
    expect(countByType(peer.arrived.map((m) => ({ type: m.subject.startsWith('New training') ? 'a' : 'w' })))).toEqual({
      a: 4,
      w: 1,
    });
  });
});

describe('"Send reminder now" (assignment bulk action)', () => {
  it("sends the company's User Reminder at once, quiet hours or not, with a working Assignment Details link, each time it is asked", async () => {
    const { w, peer, cm } = await world();
    // The timed row's template and quiet hours: a manual send uses the template, not the timing.
    await addSchedule(w, {
      type: 'reminder_employee',
      trigger: 'before_due',
      offset_days: 3,
      quiet_start: '00:00',
      quiet_end: '23:59',
    });
    const assignmentId = await assignDue(w, w.ids.ann, 10);
    const send = () =>
      cm.request('PUT', '/api/v3/assignments', {
        query: { 'field[id]': String(assignmentId) },
        body: { action: 'send_reminder' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ changed: 1 });
    expect(await deliver(w)).toMatchObject({ sent: 1, failed: 0 });
    expect((await send()).json().data).toMatchObject({ changed: 1 });
    expect(await deliver(w)).toMatchObject({ sent: 1, failed: 0 });

    expect(peer.arrived.map((m) => m.to)).toEqual(['ann@example.test', 'ann@example.test']);
    const mail = peer.arrived[0]!;
    expect(mail.subject).toContain('Fire Safety');
    expect(mail.text).not.toContain('{{');
    const token = /public\/assignments\?token=([^\s&]+)/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    const details = await w.t.app.inject({ url: `/api/v3/public/assignments?token=${token}` });
    expect(details.json().data, `${details.body}\n${mail.text}`).toMatchObject({
      first_name: 'Ann',
      course_name: 'Fire Safety',
    });
    expect((await deliveries(w)).map((d) => d.type)).toEqual(['reminder_employee', 'reminder_employee']);
  });
});

describe('a suspended company', () => {
  it('gets no reminders and no event messages, and what was queued before is not sent', async () => {
    const { w, peer, cm } = await world();
    await scheduleEvents(w);
    await addSchedule(w, { type: 'reminder_employee', trigger: 'before_due', offset_days: 3 });
    await assignDue(w, w.ids.ann, 3);
    expect((await assign(cm, w, [w.ids.ben])).json().data).toMatchObject({ notified: 1 });
    const root = await signedIn(w.t.app, 'root');
    const suspended = await root.put(`/api/v3/companies/${w.acme}`, { suspended: true });
    expect(suspended.statusCode, suspended.body).toBe(200);

    expect(await pass(w)).toMatchObject({ queued: 0 });
    // A site admin still works on the company: its events queue nothing.
    root.companyId = String(w.acme);
    expect((await assign(root, w, [w.ids.cal])).json().data).toMatchObject({ created: 1, notified: 0 });
    expect((await newUser(root, 'dora')).statusCode).toBe(201);
    expect(await deliver(w)).toMatchObject({ sent: 0, failed: 1 });
    expect(peer.arrived).toEqual([]);
    expect((await deliveries(w)).map((d) => [d.type, d.status, d.error])).toEqual([
      ['course_assignment', 'failed', 'Not sent: the company is suspended.'],
    ]);
  });
});

describe("the company's logo in e-mails", () => {
  it('is a signed public address that works without a session; an altered one is refused', async () => {
    const { w, peer, cm } = await world();
    await scheduleEvents(w);
    const uploaded = await upload(cm, assetParts('logo', PNG, 'logo.png', 'image/png'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const other = await upload(cm, assetParts('logo', PNG, 'second.png', 'image/png'));
    const branding = await cm.put(`/api/v3/companies/${w.acme}`, { logo_path: uploaded.json().data.path });
    expect(branding.statusCode, branding.body).toBe(200);
    await assign(cm, w, [w.ids.ann]);
    await deliver(w);
    const html = peer.arrived[0]!.html;
    const base = w.t.config.publicUrl.replace(/\/+$/, '');
    const src = /<img src="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(src.startsWith(`${base}/api/v3/public/logos/${uploaded.json().data.id}.`)).toBe(true);

    const path = src.slice(base.length);
    const image = await w.t.app.inject({ method: 'GET', url: path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const [id, signature] = path.split('/').pop()!.split('.') as [string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      `/api/v3/public/logos/${id}.${flipped}`,
      `/api/v3/public/logos/${other.json().data.id}.${signature}`,
      `/api/v3/public/logos/${id}`,
      `/api/v3/public/logos/${id}.${signature}x`,
    ];
    for (const url of refused) expect((await w.t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});
