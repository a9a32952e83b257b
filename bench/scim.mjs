// SCIM 2.0 (/scim/v2) against the built server: a sync of new users by POST /Users, as an identity
// provider's first push does (users/s with --connections calls at once), then the lookup every IdP makes
// before each change, GET /Users?filter=userName eq "…", timed over sequential keep-alive requests
// (first, p50/p95/p99/max) in a company of --users people.
//
//   npm run bench -- scim                        (temporary SQLite file: 10,000 POSTs, 100,000 users)
//   npm run bench -- scim --sync 10000 --users 100000 --connections 16 --requests 300
//   npm run bench -- scim --db postgres://…/heed_bench   (a fresh schema-less database: its users stay)
//   npm run bench -- scim --cpu-prof DIR        (the server writes V8 CPU profiles there on exit)
//   npm run bench -- scim --db copy.sqlite --company "Load Test Co" --sync 0
//       (lookups of an existing company's own people, e.g. the 1M users `npm run seed` makes; the bench
//        writes a token, and the server a log row per call: use a copy)
//
// Budgets (issue 20): the lookup p95 ≤ 10 ms (at 1M users), and a sync at ≥ 1,000 users/s.
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { benchDatabase, cpuSeconds, fmt, loadText, ms, parseArgs, percentile, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { sync: '10000', users: '100000', connections: '16', requests: '300' });
const SYNC = Number(args.sync);
const USERS = Number(args.users);
const CONNECTIONS = Number(args.connections);
const REQUESTS = Number(args.requests);

const { url, tempDir } = benchDatabase(args, 'scim');

/** A company of its own (or `--company`, an existing one) and a SCIM token for it, written straight to the database. */
async function prepare() {
  const handle = createDb({ url });
  try {
    await migrateToLatest(handle.db, handle.schema);
    const now = new Date().toISOString();
    const company = args.company
      ? await handle.db
          .selectFrom('companies')
          .select('id')
          .where('name', '=', args.company)
          .executeTakeFirstOrThrow(() => new Error(`No company named ${args.company}.`))
      : await handle.db
          .insertInto('companies')
          .values({
            name: `SCIM Bench ${randomBytes(3).toString('hex')}`,
            logout_url: null,
            branding: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
    const token = `heed_scim_${randomBytes(32).toString('base64url')}`;
    await handle.db
      .insertInto('scim_tokens')
      .values({
        company_id: company.id,
        name: 'bench',
        token_hash: createHash('sha256').update(token).digest('hex'),
        created_by: null,
        created_at: now,
      })
      .execute();
    // An existing company's lookups ask for its own people, picked at random.
    const existing = args.company
      ? (
          await handle.db
            .selectFrom('users')
            .select('username')
            .where('company_id', '=', company.id)
            .where('site_admin', '=', 0)
            .orderBy(sql`random()`)
            .limit(REQUESTS)
            .execute()
        ).map((row) => row.username)
      : null;
    const people = args.company
      ? Number(
          (
            await handle.db
              .selectFrom('users')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('company_id', '=', company.id)
              .executeTakeFirstOrThrow()
          ).n,
        )
      : USERS;
    return { companyId: company.id, token, existing, people };
  } finally {
    await handle.close();
  }
}

/** Fills the company up to `total` users with multi-row inserts (the bench's background population). */
async function fill(companyId, from, total, tag) {
  const handle = createDb({ url });
  try {
    const now = new Date().toISOString();
    for (let start = from; start < total; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(total, start + 500); i++) {
        const name = `fill${tag}.${i}@bench.test`;
        rows.push({
          company_id: companyId,
          username: name,
          email: name,
          first_name: 'Fill',
          last_name: `User ${i}`,
          password_hash: null,
          role: 0,
          department_id: null,
          manager_id: null,
          phone: null,
          hired_at: null,
          external_id: `ext-${tag}-${i}`,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        });
      }
      await handle.db.insertInto('users').values(rows).execute();
    }
  } finally {
    await handle.close();
  }
}

const tag = randomBytes(3).toString('hex');
const userBody = (i) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  userName: `sync${tag}.${i}@bench.test`,
  externalId: `sync-${tag}-${i}`,
  active: true,
  name: { givenName: 'Sync', familyName: `User ${i}` },
  emails: [{ value: `sync${tag}.${i}@bench.test`, type: 'work', primary: true }],
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: `Dept ${i % 20}` },
});

try {
  const { companyId, token, existing, people } = await prepare();
  const profiling = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args['cpu-prof'])}`] : [];
  const heed = await startHeed({ DATABASE_URL: url, WORKER: 'off' }, profiling);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  try {
    if (SYNC > 0) {
      console.log(`Sync: ${fmt(SYNC)} POST /scim/v2/Users, ${CONNECTIONS} at once (${loadText()})…`);
      let next = 0;
      let failed = 0;
      const cpuBefore = cpuSeconds(heed.child.pid);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < SYNC) {
            const i = next++;
            const response = await fetch(`${heed.url}/scim/v2/Users`, {
              method: 'POST',
              headers,
              body: JSON.stringify(userBody(i)),
            });
            await response.text();
            if (response.status !== 201) failed++;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpuPerUser = ((cpuSeconds(heed.child.pid) - cpuBefore) / SYNC) * 1000;
      console.log(
        `  ${fmt(SYNC / seconds)} users/s (${seconds.toFixed(1)} s, ${failed} refused), server CPU ${cpuPerUser.toFixed(2)} ms per user, ${loadText()}   budget ≥ 1,000 users/s`,
      );
    }

    if (!existing && USERS > SYNC) {
      const fillStarted = performance.now();
      await fill(companyId, SYNC, USERS, tag);
      console.log(
        `\nFilled the company to ${fmt(USERS)} users (${((performance.now() - fillStarted) / 1000).toFixed(1)} s, untimed).`,
      );
    }

    console.log(
      `\nLookup: GET /scim/v2/Users?filter=userName eq "…", ${REQUESTS} sequential requests, ${fmt(people)} users in the company (${loadText()}).`,
    );
    const times = [];
    for (let r = 0; r < REQUESTS; r++) {
      const i = Math.floor(Math.random() * USERS);
      const name = existing
        ? existing[r % existing.length]
        : i < SYNC
          ? `sync${tag}.${i}@bench.test`
          : `fill${tag}.${i}@bench.test`;
      const filter = encodeURIComponent(`userName eq "${name}"`);
      const t0 = performance.now();
      const response = await fetch(`${heed.url}/scim/v2/Users?filter=${filter}`, { headers });
      const body = await response.json();
      times.push(performance.now() - t0);
      if (response.status !== 200 || body.totalResults !== 1)
        throw new Error(`lookup of ${name}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    const first = times[0];
    times.sort((a, b) => a - b);
    console.log(`           first     p50     p95     p99     max   (ms)`);
    console.log(
      `  lookup ${ms(first)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(percentile(times, 99))} ${ms(times.at(-1))}   budget p95 ≤ 10 ms`,
    );
  } finally {
    await heed.stop();
  }
} finally {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
}
