import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renewDueCompletions } from '../src/modules/recertification/index.ts';
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
import { insertAssignment } from './support/assignments-fixture.ts';
import { signedIn } from './support/client.ts';
import {
  type KeyPair,
  assertionXml,
  idpMetadata,
  makeKeyPair,
  requestIdOf,
  responseXml,
  sign,
} from './support/saml-idp.ts';

// Issue 17 item 3: event messages from the places that make assignments and users outside the
// console: the daily renewal pass (recertification) and SAML's just-in-time users; and the signed
// Assignment Details link every message about an assignment carries, made at send time (decision
// 083). All of it arrives at a real SMTP server.

let w: NotificationsWorld | undefined;
let peer: MailPeer | undefined;
afterEach(async () => {
  await closeWorld(w);
  await peer?.close();
  w = undefined;
  peer = undefined;
});

/** The Assignment Details token of a message's `{{ public_assignment_url }}`. */
const tokenIn = (text: string) => {
  const token = /\/admin\/public\/assignments\?token=([^\s&]+)/.exec(text)?.[1];
  expect(token, text).toBeDefined();
  return token as string;
};

const openDetails = (nw: NotificationsWorld, token: string) =>
  nw.t.app.inject({ url: '/api/v3/public/assignments', query: { token } });

async function world() {
  w = await createNotificationsWorld();
  peer = await startMailPeer();
  await useMailPeer(w, peer.port);
  return { w, peer };
}

describe('renewal assignments (the daily recertification pass)', () => {
  it("queue the learner's course_assignment message, sent once however often the pass runs", async () => {
    const { w, peer } = await world();
    await addSchedule(w, { type: 'course_assignment', trigger: 'event' });
    // Ann's completion expires in 18 days, inside the course's 30-day renewal window.
    const completed = await insertAssignment(w.t.db, {
      companyId: w.acme,
      userId: w.ids.ann,
      courseId: w.courseId,
      status: 'completed',
      completedAt: '2025-03-20T10:00:00.000Z',
      expiresAt: '2026-03-20T10:00:00.000Z',
      progress: 100,
    });
    const renew = () => renewDueCompletions({ db: w!.t.db, dialect: w!.t.dialect }, w!.t.clock.now);
    expect(await renew()).toEqual({ renewed: 1, companies: { [w.acme]: 1 } });
    expect(await renew()).toEqual({ renewed: 0, companies: {} });

    const renewal = await w.t.db
      .selectFrom('assignments')
      .select(['id', 'source'])
      .where('renews_assignment_id', '=', completed)
      .executeTakeFirstOrThrow();
    expect(renewal.source).toBe('renewal');
    expect((await deliveries(w)).map((d) => [d.type, d.assignment_id, d.recipient])).toEqual([
      ['course_assignment', renewal.id, 'ann@example.test'],
    ]);
    expect(await deliver(w)).toMatchObject({ sent: 1, failed: 0 });
    expect(await deliver(w)).toMatchObject({ sent: 0 });
    expect(peer.arrived).toHaveLength(1);
    expect(peer.arrived[0]).toMatchObject({ to: 'ann@example.test' });
    expect(peer.arrived[0]!.subject).toMatch(/^New training: Fire Safety \(due \d{4}-\d{2}-\d{2}\)$/);
    expect(peer.arrived[0]!.text).toContain('Hello Ann,');
    // Its "Start here" link opens the renewal's details without signing in.
    const details = await openDetails(w, tokenIn(peer.arrived[0]!.text));
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().data).toMatchObject({ first_name: 'Ann', course_name: 'Fire Safety' });
    expect(details.json().data.start_path).toContain(String(renewal.id));
  });

  it('send nothing without an enabled course_assignment row', async () => {
    const { w } = await world();
    await addSchedule(w, { type: 'course_assignment', trigger: 'event', enabled: 0 });
    await insertAssignment(w.t.db, {
      companyId: w.acme,
      userId: w.ids.ben,
      courseId: w.courseId,
      status: 'completed',
      completedAt: '2025-03-20T10:00:00.000Z',
      expiresAt: '2026-03-20T10:00:00.000Z',
    });
    expect((await renewDueCompletions({ db: w.t.db, dialect: w.t.dialect }, w.t.clock.now)).renewed).toBe(1);
    expect(await deliveries(w)).toEqual([]);
  });
});

describe('users made on their first SAML sign-in', () => {
  let idp: KeyPair;
  beforeAll(() => {
    idp = makeKeyPair('test-idp');
  });

  it('get the welcome message (user_registration) once, as users made elsewhere do', async () => {
    const { w, peer } = await world();
    await addSchedule(w, { type: 'user_registration', trigger: 'event' });
    const root = await signedIn(w.t.app, 'root');
    const scoped = { headers: { 'x-company-id': String(w.acme) } };
    const saved = await root.put(
      '/api/v3/saml/settings',
      {
        enabled: true,
        idp_metadata: idpMetadata(idp),
        create_users: true,
        require_sso: false,
        allow_idp_initiated: false,
        email_domains: ['acme.test'],
        attribute_mapping: { department: '', first_name: '', last_name: '', email: '', phone: '', custom_fields: {} },
      },
      scoped,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const { acs_url: acsUrl, sp_entity_id: audience } = saved.json().data;

    const signIn = async () => {
      const started = await w.t.app.inject({ method: 'GET', url: `/api/v3/saml/${w.acme}/start` });
      expect(started.statusCode).toBe(302);
      const o = {
        acsUrl,
        audience,
        inResponseTo: requestIdOf(started.headers.location as string),
        nameId: 'nora@acme.test',
        attributes: { firstName: 'Nora', lastName: 'Sso' },
      };
      const xml = sign(responseXml(o, assertionXml(o)), idp);
      const response = await w.t.app.inject({
        method: 'POST',
        url: `/api/v3/saml/${w.acme}/acs`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test' },
        payload: `SAMLResponse=${encodeURIComponent(Buffer.from(xml).toString('base64'))}&RelayState=`,
      });
      expect(response.statusCode, response.body).toBe(303);
      expect(response.headers.location).toBe('/');
    };
    await signIn();
    // The second sign-in finds the user: nothing more is queued.
    await signIn();

    const nora = await w.t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'nora@acme.test')
      .executeTakeFirstOrThrow();
    expect((await deliveries(w)).map((d) => [d.type, d.user_id, d.recipient])).toEqual([
      ['user_registration', nora.id, 'nora@acme.test'],
    ]);
    expect(await deliver(w)).toMatchObject({ sent: 1, failed: 0 });
    expect(peer.arrived).toHaveLength(1);
    expect(peer.arrived[0]).toMatchObject({ to: 'nora@acme.test', subject: 'Welcome to Acme training' });
    expect(peer.arrived[0]!.text).toContain('Your username is nora@acme.test.');
  });
});

describe('{{ public_assignment_url }} in automatic messages', () => {
  it('is a working signed Assignment Details link, made at send time, one per assignment and reused', async () => {
    const { w, peer } = await world();
    await addSchedule(w, { type: 'reminder_employee', trigger: 'before_due', offset_days: 3 });
    const due = {
      ann: await assignDue(w, w.ids.ann, 3),
      ben: await assignDue(w, w.ids.ben, 3),
      cal: await assignDue(w, w.ids.cal, 3),
    };
    expect(await pass(w)).toMatchObject({ queued: 3 });
    // Queued without a link: it is made when the message is rendered.
    for (const queued of await deliveries(w)) expect(queued.context ?? '').not.toContain('token=');
    expect(await deliver(w)).toMatchObject({ sent: 3, failed: 0 });
    expect(peer.arrived.map((m) => m.to).sort()).toEqual(['ann@example.test', 'ben@example.test', 'cal@example.test']);
    const tokens = new Map<string, string>();
    for (const mail of peer.arrived) {
      expect(mail.text).toContain('This is a reminder to complete "Fire Safety"');
      const token = tokenIn(mail.text);
      tokens.set(mail.to, token);
      const details = await openDetails(w, token);
      expect(details.statusCode, details.body).toBe(200);
      const name = mail.to.split('@')[0] as 'ann' | 'ben' | 'cal';
      expect(details.json().data).toMatchObject({
        first_name: name[0]!.toUpperCase() + name.slice(1),
        course_name: 'Fire Safety',
        start_path: `/login?redirect=${encodeURIComponent(`/courses/${due[name]}`)}`,
      });
      expect(mail.html).toContain(`token=${token}`);
    }
    // One link row per assignment for the batch, made by the pipeline (no staff member).
    const links = () =>
      w.t.db.selectFrom('assignment_tokens').select(['assignment_id', 'created_by']).orderBy('id').execute();
    expect((await links()).map((l) => [l.assignment_id, l.created_by]).sort()).toEqual(
      [
        [due.ann, null],
        [due.ben, null],
        [due.cal, null],
      ].sort(),
    );

    // The next message about Ann's assignment, two days on, carries the same link.
    w.t.clock.advanceMinutes(2 * 24 * 60);
    const cm = await signedIn(w.t.app, 'cm');
    const remind = () =>
      cm.request('PUT', '/api/v3/assignments', {
        query: { 'field[id]': String(due.ann) },
        body: { action: 'send_reminder' },
      });
    const reminded = await remind();
    expect(reminded.json().data, reminded.body).toMatchObject({ changed: 1 });
    expect(await deliver(w)).toMatchObject({ sent: 1 });
    expect(tokenIn(peer.arrived[3]!.text)).toBe(tokens.get('ann@example.test'));
    expect(await links()).toHaveLength(3);

    // Revoked, the old link stops working, and the next message gets a new one that works.
    const revoked = await cm.request('DELETE', `/api/v3/assignments/${due.ann}/links`);
    expect(revoked.json().data, revoked.body).toEqual({ revoked: 1 });
    expect((await openDetails(w, tokens.get('ann@example.test')!)).statusCode).toBe(404);
    expect((await remind()).json().data).toMatchObject({ changed: 1 });
    expect(await deliver(w)).toMatchObject({ sent: 1 });
    const fresh = tokenIn(peer.arrived[4]!.text);
    expect(fresh).not.toBe(tokens.get('ann@example.test'));
    expect((await openDetails(w, fresh)).json().data).toMatchObject({ first_name: 'Ann' });

    // Resending the first message from the delivery log renders it again: its revoked link is not sent
    // a second time; the live one is.
    const first = (await deliveries(w)).find((d) => d.recipient === 'ann@example.test')!;
    const resent = await cm.post(`/api/v3/notifications/deliveries/${first.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(await deliver(w)).toMatchObject({ sent: 1 });
    const again = peer.arrived[5]!;
    expect(again.to).toBe('ann@example.test');
    expect(again.text).toContain('This is a reminder to complete "Fire Safety"');
    expect(tokenIn(again.text)).toBe(fresh);
  });
});
