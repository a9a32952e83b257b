import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');
const API_BUNDLE = join(REPO_ROOT, 'apps/api/dist/server.js');
const START_TIMEOUT_MS = 180_000;

export interface RunningHeed {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Fails early, and says what to do, when the web app or the API's bundle has not been built. */
export function assertBuilt(): void {
  for (const file of [join(WEB_DIST, 'index.html'), join(WEB_DIST, 'admin/index.html'), API_BUNDLE]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the end-to-end tests.`);
  }
}

/**
 * What `npm run serve` (and so `npm start`) gives node: the environment it sets before the command
 * (`NAME=value` words, e.g. MALLOC_ARENA_MAX), its V8 flags and the API's bundle.
 */
function serveCommand(): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = scripts.serve!.split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`npm run serve is not a plain node command: ${scripts.serve}`);
  return { env, args };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Heed exited with code ${child.exitCode} before answering:\n${output()}`);
    const answered = await fetch(`${url}/api/csrf-cookie`).then(
      (response) => response.status === 204,
      () => false,
    );
    if (answered) return;
    await sleep(250);
  }
  throw new Error(`Heed did not answer at ${url} within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the real server as `npm start` runs it (the built bundle, `npm run serve`'s node command) with
 * the demo data on a free loopback port and a fresh SQLite database in a temporary directory, and waits
 * until it answers.
 */
export async function startHeed(env: Record<string, string> = {}): Promise<RunningHeed> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'heed-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const serve = serveCommand();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...serve.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    HEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  delete childEnv.DATABASE_URL; // always a fresh SQLite file, whatever the caller's shell holds
  delete childEnv.HEED_ADMIN_EMAIL;
  delete childEnv.HEED_ADMIN_PASSWORD;

  const child = spawn(process.execPath, serve.args, {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
