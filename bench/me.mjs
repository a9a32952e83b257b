// GET /api/v3/me with a valid session against a bare Fastify route, both under autocannon
// (10 connections, 10 s by default), in one run. Prints requests/s and the ratio; never fails on time.
// Beside them (Linux): each server's CPU time per request, read from /proc — steadier than req/s when
// other work shares the machine — and the load average.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
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

/** User + system CPU time of a process in µs (Linux; null elsewhere). */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

async function measure(label, url, headers, pid) {
  await new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: 2, headers }, (e) => (e ? reject(e) : resolve())),
  ); // warm-up
  const cpuBefore = cpuMicros(pid);
  const result = await cannon(url, headers);
  const cpuAfter = cpuMicros(pid);
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result.requests.total;
  const bad = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${label.padEnd(22)} ${fmt(result.requests.average).padStart(8)} req/s   latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
      (cpuPerRequest === null ? '' : `   server CPU ${cpuPerRequest.toFixed(1)} µs/request`) +
      (bad > 0 ? `   (${bad} non-2xx/errors!)` : ''),
  );
  return { rate: result.requests.average, cpuPerRequest };
}

const dataDir = mkdtempSync(join(tmpdir(), 'heed-bench-me-'));
const heed = await startHeed({ DATA_DIR: dataDir });
const bare = await startBareFastify();
try {
  const session = await signIn(heed.url, 'admin', process.env.HEED_ADMIN_PASSWORD ?? 'heed-admin-demo');
  const me = await fetch(`${heed.url}/api/v3/me`, { headers: session });
  if (me.status !== 200) throw new Error(`/me answered ${me.status}`);
  console.log(`autocannon: ${connections} connections, ${duration} s each, SQLite, Node ${process.version}\n`);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`load average before: ${load()}`);
  const bareRun = await measure('bare Fastify /ok', `${bare.url}/ok`, {}, bare.child.pid);
  const meRun = await measure('GET /api/v3/me', `${heed.url}/api/v3/me`, { cookie: session.cookie }, heed.child.pid);
  console.log(`\n/me reaches ${((meRun.rate / bareRun.rate) * 100).toFixed(0)}% of the bare route's throughput.`);
  if (bareRun.cpuPerRequest && meRun.cpuPerRequest) {
    console.log(
      `Server CPU per request: /me ${meRun.cpuPerRequest.toFixed(1)} µs, bare ${bareRun.cpuPerRequest.toFixed(1)} µs ` +
        `(${((bareRun.cpuPerRequest / meRun.cpuPerRequest) * 100).toFixed(0)}%).`,
    );
  }
  console.log(`load average after: ${load()}`);
} finally {
  await Promise.all([heed.stop(), bare.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
