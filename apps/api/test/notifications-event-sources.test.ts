import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renewDueCompletions } from '../src/modules/recertification/index.ts';
import {
  type MailPeer,
  type NotificationsWorld,
  addSchedule,
  closeWorld,
  createNotificationsWorld,
  deliver,
  deliveries,
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
// console: the daily renewal pass (recertification) and SAML's just-in-time users; both arrive at a
// real SMTP server.

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
