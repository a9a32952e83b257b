// GET /api/v3/me with a valid session against a bare Fastify route, both under autocannon
// (10 connections, 10 s by default), in one run. Prints requests/s and the ratio; never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fmt, parseArgs, signIn, startBareFastify, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { connections: '10', duration: '10' });
const connections = Number(args.connections);
const duration = Number(args.duration);

function cannon(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(label, url, headers) {
  await new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: 2, headers }, (e) => (e ? reject(e) : resolve())),
  ); // warm-up
  const result = await cannon(url, headers);
  const bad = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${label.padEnd(22)} ${fmt(result.requests.average).padStart(8)} req/s   latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
      (bad > 0 ? `   (${bad} non-2xx/errors!)` : ''),
  );
  return result.requests.average;
}

const dataDir = mkdtempSync(join(tmpdir(), 'heed-bench-me-'));
const heed = await startHeed({ DATA_DIR: dataDir });
const bare = await startBareFastify();
try {
  const session = await signIn(heed.url, 'admin', process.env.HEED_ADMIN_PASSWORD ?? 'heed-admin-demo');
  const me = await fetch(`${heed.url}/api/v3/me`, { headers: session });
  if (me.status !== 200) throw new Error(`/me answered ${me.status}`);
  console.log(`autocannon: ${connections} connections, ${duration} s each, SQLite, Node ${process.version}\n`);
  const bareRate = await measure('bare Fastify /ok', `${bare.url}/ok`, {});
  const meRate = await measure('GET /api/v3/me', `${heed.url}/api/v3/me`, { cookie: session.cookie });
  console.log(`\n/me reaches ${((meRate / bareRate) * 100).toFixed(0)}% of the bare route's throughput.`);
} finally {
  await Promise.all([heed.stop(), bare.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
