// SAML sign-in's ACS (POST /api/v3/saml/{company}/acs) against the built server: SP-initiated sign-ins
// as a browser makes them (GET …/start for a request ID, then the IdP's form post of a response signed
// for that request), each response fresh and signed by a test IdP key (the tests' IdP: xml-crypto, a key
// pair made by openssl now). Only the ACS POST is timed: every check (signature against the configured
// certificate, audience, destination, recipient, times, InResponseTo, replay records) and the session.
// First sign-ins make their user (just-in-time, with the assignment rules and welcome message); the rest
// sign existing users in; both are reported, and all together (first, p50/p95/p99/max).
//
//   npm run bench -- saml-acs                          (temporary SQLite file, 300 sign-ins of 50 people)
//   npm run bench -- saml-acs --signins 500 --people 100 --db postgres://…/heed_bench
//   npm run bench -- saml-acs --cpu-prof DIR           (the server writes V8 CPU profiles there on exit)
//
// Budget (issue 20): the ACS p95 ≤ 30 ms, signature check included.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDb } from '../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import {
  assertionXml,
  idpMetadata,
  makeKeyPair,
  requestIdOf,
  responseXml,
  sign,
} from '../apps/api/test/support/saml-idp.ts';
import {
  benchDatabase,
  cpuSeconds,
  fmt,
  loadText,
  ms,
  parseArgs,
  percentile,
  signIn,
  startHeed,
} from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { signins: '300', people: '50' });
const SIGNINS = Number(args.signins);
const PEOPLE = Number(args.people);
const ADMIN_PASSWORD = 'heed-admin-demo';

const { url, tempDir } = benchDatabase(args, 'saml');

/** A company of its own, written straight to the database (the SSO settings go through the API). */
async function prepare() {
  const handle = createDb({ url });
  try {
    await migrateToLatest(handle.db, handle.schema);
    const now = new Date().toISOString();
    const company = await handle.db
      .insertInto('companies')
      .values({
        name: `SAML Bench ${randomBytes(3).toString('hex')}`,
        logout_url: null,
        branding: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return company.id;
  } finally {
    await handle.close();
  }
}

const summary = (label, times) => {
  if (times.length === 0) return;
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(22)} ${String(times.length).padStart(5)} ${ms(times[0])} ${ms(percentile(sorted, 50))} ${ms(percentile(sorted, 95))} ${ms(percentile(sorted, 99))} ${ms(sorted.at(-1))}`,
  );
};

try {
  const companyId = await prepare();
  const keys = makeKeyPair('bench-idp');
  const domain = `saml-${randomBytes(3).toString('hex')}.test`;
  const profiling = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args['cpu-prof'])}`] : [];
  const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' }, profiling);
  try {
    const admin = await signIn(heed.url, 'admin', ADMIN_PASSWORD);
    const saved = await fetch(`${heed.url}/api/v3/saml/settings`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json', 'x-company-id': String(companyId) },
      body: JSON.stringify({
        enabled: true,
        idp_metadata: idpMetadata(keys),
        create_users: true,
        require_sso: false,
        allow_idp_initiated: false,
        email_domains: [domain],
      }),
    });
    if (saved.status !== 200) throw new Error(`SSO settings: ${saved.status} ${await saved.text()}`);
    const { acs_url: acsUrl, sp_entity_id: audience } = (await saved.json()).data;

    console.log(
      `SAML ACS: ${fmt(SIGNINS)} SP-initiated sign-ins of ${fmt(PEOPLE)} people, one at a time, responses signed (RSA-SHA256, 2048-bit) by a test IdP (${loadText()}).`,
    );
    const firsts = [];
    const again = [];
    const all = [];
    let cpu = 0;
    for (let i = 0; i < SIGNINS; i++) {
      const person = i % PEOPLE;
      const start = await fetch(`${heed.url}/api/v3/saml/${companyId}/start`, { redirect: 'manual' });
      await start.arrayBuffer();
      if (start.status !== 302) throw new Error(`start: ${start.status}`);
      const inResponseTo = requestIdOf(start.headers.get('location'));
      const o = {
        acsUrl,
        audience,
        inResponseTo,
        nameId: `person${person}@${domain}`,
        attributes: { firstName: 'Bench', lastName: `Person ${person}` },
      };
      const body = `SAMLResponse=${encodeURIComponent(Buffer.from(sign(responseXml(o, assertionXml(o)), keys)).toString('base64'))}&RelayState=`;
      const cpuBefore = cpuSeconds(heed.child.pid);
      const t0 = performance.now();
      const response = await fetch(acsUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test' },
        body,
      });
      await response.arrayBuffer();
      const elapsed = performance.now() - t0;
      cpu += cpuSeconds(heed.child.pid) - cpuBefore;
      const signedIn = response.headers.getSetCookie().some((c) => c.startsWith('heed_session='));
      if (response.status !== 303 || response.headers.get('location') !== '/' || !signedIn)
        throw new Error(`sign-in ${i}: ${response.status} → ${response.headers.get('location')}`);
      (i < PEOPLE ? firsts : again).push(elapsed);
      all.push(elapsed);
    }
    console.log(`                           n   first     p50     p95     p99     max   (ms)`);
    summary('first sign-in (JIT)', firsts);
    summary('existing user', again);
    summary('all', all);
    console.log(
      `  server CPU ${((cpu / SIGNINS) * 1000).toFixed(2)} ms per ACS post (/proc, 10 ms ticks), ${loadText()}   budget p95 ≤ 30 ms`,
    );
  } finally {
    await heed.stop();
  }
} finally {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
