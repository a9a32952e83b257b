import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db.ts';
import { runWorkerLoop } from '../src/jobs/worker.ts';
import { samlModule } from '../src/modules/saml/index.ts';
import { fetchMetadata } from '../src/modules/saml/saml-metadata-fetch.ts';
import { refreshIdpMetadata } from '../src/modules/saml/saml-metadata.service.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import {
  IDP_ENTITY_ID,
  IDP_SSO_URL,
  type KeyPair,
  assertionXml,
  idpMetadata,
  makeKeyPair,
  requestIdOf,
  responseXml,
  sign,
} from './support/saml-idp.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// IdP metadata fetched from a URL (decision 080): a real HTTP server on loopback serves it, which the
// test-only `samlMetadataAllowLoopback` lets the fetcher reach; every other private range stays refused.

let idp: KeyPair;
let rolled: KeyPair;
let server: Server;
let base: string;
/** What the local IdP answers next, per path. */
let answer: (path: string, res: ServerResponse) => void;

beforeAll(async () => {
  idp = makeKeyPair('test-idp');
  rolled = makeKeyPair('rolled-over-idp');
  server = createServer((req, res) => answer(req.url ?? '/', res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const serveXml = (xml: string) => (_path: string, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
  res.end(xml);
};

let t: TestApp;
let admin: TestClient;
let company: number;
const scoped = () => ({ headers: { 'x-company-id': String(company) } });
const settingsBody = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  idp_metadata_url: `${base}/metadata`,
  create_users: true,
  require_sso: false,
  allow_idp_initiated: false,
  email_domains: [],
  ...extra,
});
const save = (extra: Record<string, unknown> = {}) => admin.put('/api/v3/saml/settings', settingsBody(extra), scoped());
const settings = async () => (await admin.get('/api/v3/saml/settings', scoped())).json().data;
const auditActions = async () =>
  (await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'saml.%').orderBy('id').execute()).map(
    (r) => r.action,
  );

beforeEach(async () => {
  answer = serveXml(idpMetadata(idp));
  t = await createTestApp({ samlMetadataAllowLoopback: true });
  company = (await createCompany(t.db, { name: 'Acme' })).id;
  await createUser(t.db, { companyId: company, siteAdmin: true, username: 'root', role: 1 });
  admin = await signedIn(t.app, 'root');
});
afterEach(async () => t.close());

describe('PUT /saml/settings with idp_metadata_url', () => {
  it('fetches the metadata, reads the IdP from it and keeps the URL', async () => {
    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      idp_metadata_url: `${base}/metadata`,
      idp_entity_id: IDP_ENTITY_ID,
      idp_sso_url: IDP_SSO_URL,
      metadata_fetched_at: t.clock.now.toISOString(),
      metadata_error: null,
    });
    expect(saved.json().data.idp_certificates[0].subject).toContain('test-idp');
    expect(await auditActions()).toEqual(['saml.settings.update']);
    // A PUT replaces the settings: without a URL (and no metadata or fields) nothing is refreshed any more.
    const cleared = await save({ enabled: false, idp_metadata_url: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({
      idp_metadata_url: null,
      idp_entity_id: null,
      metadata_fetched_at: null,
    });
  });

  it('answers 422 on the URL field for a bad address, a failed fetch or unreadable metadata, and keeps the settings', async () => {
    expect((await save()).statusCode).toBe(200);
    const before = await settings();
    const refusal = async (url: string, serve?: typeof answer) => {
      if (serve) answer = serve;
      const response = await save({ idp_metadata_url: url });
      expect(response.statusCode, response.body).toBe(422);
      return response.json().error.details.idp_metadata_url[0] as string;
    };
    expect(await refusal('not a url')).toMatch(/https:\/\//);
    expect(await refusal('ftp://idp.example.com/metadata')).toMatch(/https:\/\//);
    expect(await refusal('http://idp.example.com/metadata')).toMatch(/https:\/\//);
    expect(await refusal('https://user:pw@idp.example.com/metadata')).toMatch(/user name or password/);
    expect(await refusal('https://10.1.2.3/metadata')).toMatch(/private or reserved/);
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toMatch(/private or reserved/);
    expect(await refusal('https://[fd00::1]/metadata')).toMatch(/private or reserved/);
    expect(
      await refusal(`${base}/moved`, (_p, res) => {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        res.end();
      }),
    ).toMatch(/https:\/\/|private or reserved/);
    expect(
      await refusal(`${base}/moved`, (_p, res) => {
        res.writeHead(302, { location: 'https://192.168.1.1/metadata' });
        res.end();
      }),
    ).toMatch(/private or reserved/);
    expect(
      await refusal(`${base}/metadata`, (_p, res) => {
        res.writeHead(404);
        res.end();
      }),
    ).toBe('The IdP answered HTTP 404.');
    expect(await refusal(`${base}/metadata`, serveXml('<html><body>Sign in</body></html>'))).toMatch(
      /IDPSSODescriptor/,
    );
    expect(await refusal(`${base}/metadata`, serveXml(`<!DOCTYPE x [<!ENTITY e "x">]>${idpMetadata(idp)}`))).toMatch(
      /DTD/,
    );
    const huge = `${idpMetadata(idp)}${' '.repeat(1024 * 1024)}`;
    expect(await refusal(`${base}/metadata`, serveXml(huge))).toMatch(/larger than 1 MB/);
    // Streamed without a length: cut off at the cap all the same.
    expect(
      await refusal(`${base}/metadata`, (_p, res) => {
        res.writeHead(200, { 'content-type': 'application/xml' });
        for (let i = 0; i < 20; i++) res.write(' '.repeat(64 * 1024));
        res.end(idpMetadata(idp));
      }),
    ).toMatch(/larger than 1 MB/);
    expect(await settings()).toEqual(before);
  });

  it('follows a redirect to a public-or-allowed address', async () => {
    answer = (path, res) => {
      if (path === '/moved') {
        res.writeHead(301, { location: '/metadata' });
        res.end();
      } else serveXml(idpMetadata(idp))(path, res);
    };
    const saved = await save({ idp_metadata_url: `${base}/moved` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.idp_entity_id).toBe(IDP_ENTITY_ID);
  });
});

describe('the daily refresh', () => {
  it('is scheduled daily', () => {
    expect(samlModule.jobs.find((j) => j.type === 'saml.metadata_refresh')).toMatchObject({ every: 'day' });
  });

  it('picks up a certificate rollover; a failure keeps the IdP and shows why; a later success clears it', async () => {
    expect((await save()).statusCode).toBe(200);
    answer = serveXml(idpMetadata(rolled));
    const deps = { db: t.db, config: t.config };
    expect(await refreshIdpMetadata(deps, t.clock.now)).toEqual({ refreshed: 1, changed: 1, failed: 0 });
    const rolledOver = await settings();
    expect(rolledOver.idp_certificates.map((c: { subject: string }) => c.subject)).toEqual([
      expect.stringContaining('rolled-over-idp'),
    ]);

    // The same metadata again: nothing changes, nothing is audited.
    expect(await refreshIdpMetadata(deps, t.clock.now)).toEqual({ refreshed: 1, changed: 0, failed: 0 });
    expect(await auditActions()).toEqual(['saml.settings.update', 'saml.metadata.refresh']);

    answer = (_p, res) => {
      res.writeHead(500);
      res.end();
    };
    t.clock.advanceMinutes(24 * 60);
    admin = await signedIn(t.app, 'root');
    expect(await refreshIdpMetadata(deps, t.clock.now)).toEqual({ refreshed: 0, changed: 0, failed: 1 });
    const failed = await settings();
    expect(failed).toMatchObject({
      metadata_error: 'The IdP answered HTTP 500.',
      metadata_error_at: t.clock.now.toISOString(),
      metadata_fetched_at: rolledOver.metadata_fetched_at,
      idp_certificates: rolledOver.idp_certificates,
      idp_sso_url: IDP_SSO_URL,
    });

    answer = serveXml(idpMetadata(rolled));
    t.clock.advanceMinutes(24 * 60);
    admin = await signedIn(t.app, 'root');
    await refreshIdpMetadata(deps, t.clock.now);
    expect(await settings()).toMatchObject({
      metadata_error: null,
      metadata_error_at: null,
      metadata_fetched_at: t.clock.now.toISOString(),
    });
    expect(await auditActions()).toEqual([
      'saml.settings.update',
      'saml.metadata.refresh',
      'saml.metadata.refresh_failed',
      'saml.metadata.refresh',
    ]);
  });

  it('leaves companies without a metadata URL alone', async () => {
    expect((await save({ idp_metadata_url: null, idp_metadata: idpMetadata(idp) })).statusCode).toBe(200);
    expect(await refreshIdpMetadata({ db: t.db, config: t.config }, t.clock.now)).toEqual({
      refreshed: 0,
      changed: 0,
      failed: 0,
    });
  });
});

describe('the daily refresh through the worker queue', () => {
  // The scheduler queues the day's job; the worker's own loop (as each worker thread runs it, on a
  // connection of its own) claims and runs it through the job registry; the metadata comes over HTTP.
  let second: DbHandle | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
  });

  /** Runs the heavy lane's worker loop, scheduler included, until this day's refresh job has ended; returns it and what was logged. */
  async function runDailyRefresh() {
    second ??= t.openSecondConnection();
    const warnings: string[] = [];
    const log = { info() {}, warn: (_: unknown, message?: string) => warnings.push(String(message)), error() {} };
    const stop = new AbortController();
    const loop = runWorkerLoop(
      {
        db: second.db,
        dialect: t.dialect,
        config: { ...t.config, scheduledJobs: true },
        log,
        workerId: 'metadata-refresh-test',
        lane: 'heavy',
      },
      stop.signal,
      { pollIntervalMs: 20, staleAfterMs: 60_000 },
    );
    const key = `schedule:saml.metadata_refresh:${t.clock.now.toISOString().slice(0, 10)}`;
    const ended = () =>
      t.db
        .selectFrom('jobs')
        .select(['status', 'result', 'last_error'])
        .where('idempotency_key', '=', key)
        .where('status', 'in', ['completed', 'failed'])
        .executeTakeFirst();
    try {
      for (let i = 0; i < 400; i++) {
        const job = await ended();
        if (job) return { job, warnings };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the job ${key} did not end`);
    } finally {
      stop.abort();
      await loop;
    }
  }

  /** An SP-initiated sign-in of ann@acme.test answered by an IdP signing with `keys`: where the ACS sends the browser. */
  async function signInSignedBy(keys: KeyPair) {
    const started = await t.app.inject({ method: 'GET', url: `/api/v3/saml/${company}/start` });
    expect(started.statusCode).toBe(302);
    const { acs_url: acsUrl, sp_entity_id: audience } = await settings();
    const o = {
      acsUrl,
      audience,
      inResponseTo: requestIdOf(started.headers.location as string),
      nameId: 'ann@acme.test',
    };
    const xml = sign(responseXml(o, assertionXml(o)), keys);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v3/saml/${company}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test' },
      payload: `SAMLResponse=${encodeURIComponent(Buffer.from(xml).toString('base64'))}&RelayState=`,
    });
    expect(response.statusCode).toBe(303);
    return response.headers.location;
  }

  it('picks up a rolled-over key so its responses sign in; a failed fetch keeps the IdP working and is recorded', async () => {
    expect((await save()).statusCode).toBe(200);
    expect(await signInSignedBy(idp)).toBe('/');

    // The IdP rolls its signing key over; the next day's scheduled job fetches the new metadata.
    answer = serveXml(idpMetadata(rolled));
    t.clock.advanceMinutes(24 * 60);
    const refreshed = await runDailyRefresh();
    expect(refreshed.job).toMatchObject({ status: 'completed', last_error: null });
    expect(JSON.parse(refreshed.job.result!)).toEqual({ refreshed: 1, changed: 1, failed: 0 });
    admin = await signedIn(t.app, 'root');
    expect((await settings()).idp_certificates.map((c: { subject: string }) => c.subject)).toEqual([
      expect.stringContaining('rolled-over-idp'),
    ]);
    expect(await signInSignedBy(rolled)).toBe('/');
    expect(await signInSignedBy(idp)).toBe('/login?sso_error=1');

    // A day later the IdP answers 500: the job records it, the rolled-over key still signs in.
    answer = (_p, res) => {
      res.writeHead(500);
      res.end();
    };
    t.clock.advanceMinutes(24 * 60);
    const failed = await runDailyRefresh();
    expect(failed.job.status).toBe('completed');
    expect(JSON.parse(failed.job.result!)).toEqual({ refreshed: 0, changed: 0, failed: 1 });
    expect(failed.warnings).toContain('IdP metadata refreshes failed');
    admin = await signedIn(t.app, 'root');
    expect(await settings()).toMatchObject({
      metadata_error: 'The IdP answered HTTP 500.',
      metadata_error_at: t.clock.now.toISOString(),
      idp_certificates: [expect.objectContaining({ subject: expect.stringContaining('rolled-over-idp') })],
    });
    expect(await auditActions()).toEqual([
      'saml.settings.update',
      'saml.metadata.refresh',
      'saml.metadata.refresh_failed',
    ]);
    expect(await signInSignedBy(rolled)).toBe('/');
  });
});

describe('fetchMetadata (the SSRF guard)', () => {
  const strict = { allowLoopback: false };
  it('refuses loopback unless the test flag allows it, by literal address and by name', async () => {
    answer = serveXml(idpMetadata(idp));
    const port = (server.address() as AddressInfo).port;
    await expect(fetchMetadata(`https://127.0.0.1:${port}/metadata`, strict)).rejects.toThrow(/loopback/);
    await expect(fetchMetadata(`https://[::1]:${port}/metadata`, strict)).rejects.toThrow(/loopback/);
    await expect(fetchMetadata(`https://[::ffff:127.0.0.1]:${port}/metadata`, strict)).rejects.toThrow(
      /private or reserved|loopback/,
    );
    await expect(fetchMetadata(`https://localhost:${port}/metadata`, strict)).rejects.toThrow(/loopback/);
    await expect(fetchMetadata(`http://localhost:${port}/metadata`, strict)).rejects.toThrow(/https:\/\//);
    await expect(fetchMetadata(`http://localhost:${port}/metadata`, { allowLoopback: true })).resolves.toContain(
      'EntityDescriptor',
    );
  });

  it('gives up on an IdP that does not answer in time', async () => {
    answer = () => undefined;
    await expect(fetchMetadata(`${base}/slow`, { allowLoopback: true, timeoutMs: 300 })).rejects.toThrow(/in time/);
  });
});
