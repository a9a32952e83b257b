import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db.ts';
import { jobStatusAfterWaiting, queueTestDelivery } from './support/deliveries.ts';

// `npm start` runs the API's bundles (decision 001), not the sources these tests import: this builds them and
// checks that the server starts (with `npm run serve`'s node flags) and that its worker thread loads its own
// bundle and runs a job.

const API = resolve(import.meta.dirname, '..');
// Inside the repository, so that the bundles' external packages resolve from its node_modules.
const outdir = join(API, '..', '..', '.tmp', `api-build-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'heed-build-'));
let server: ChildProcess | null = null;

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await once(server, 'exit');
  }
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the server's URL once it prints it. */
function started(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const url = /Console: {2}(http:\/\/\S+)\/admin/.exec(output)?.[1];
      if (url) resolvePromise(url);
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`The built server exited (${code}):\n${output}`)));
  });
}

// A guard against a hang, not a speed: the bundles' build, a fresh database's sixty migrations and the
// thread's start took 30 s beside CI's other lanes on two cores.
const BUILD_AND_START_LIMIT_MS = 120_000;

it('builds a server that answers and runs queued jobs on its worker thread', {
  timeout: BUILD_AND_START_LIMIT_MS,
}, async () => {
  execFileSync(process.execPath, [join(API, 'build.mjs'), outdir], { stdio: 'pipe' });
  const databaseUrl = join(dataDir, 'heed.sqlite');
  // With the environment (`NAME=value` before the command) and V8 flags `npm run serve` gives node.
  const serve = JSON.parse(readFileSync(join(API, '..', '..', 'package.json'), 'utf8')).scripts.serve as string;
  const words = serve.split(/\s+/);
  const flags = words.filter((arg) => arg.startsWith('--'));
  const serveEnv = Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split('=', 2)));
  server = spawn(process.execPath, [...flags, join(outdir, 'server.js')], {
    env: {
      ...process.env,
      ...serveEnv,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      HEED_DEMO: '0',
      PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await started(server);
  expect((await fetch(`${url}/api/csrf-cookie`)).status).toBe(204);

  const handle = createDb({ url: databaseUrl });
  try {
    // Another process enqueued it: the thread finds it at its next poll (a second).
    const { jobId } = await queueTestDelivery(handle.db);
    const status = await jobStatusAfterWaiting(handle.db, jobId, 300);
    expect(status).toBe('completed');
  } finally {
    await handle.close();
  }

  server.kill('SIGTERM');
  const [code] = await once(server, 'exit');
  expect(code).toBe(0);
});
