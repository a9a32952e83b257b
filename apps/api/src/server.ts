import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prewarmListReads } from './db/prewarm.ts';
import { ensureInitialData } from './db/seed/initial-data.ts';
import { startWorkerThread } from './jobs/worker-thread.ts';

/** Starts Heed: database, first-start data, API, console and the in-process worker. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const seeded = await ensureInitialData(app.deps.db, config, app.log);
  const worker = config.worker === 'thread' ? startWorkerThread(config, app.log) : null;

  await app.listen({ port: config.port, host: config.host });
  // What the users list's first search reads, loaded beside the server (PostgreSQL with pg_prewarm).
  prewarmListReads(app.deps.db, app.deps.dialect).then(
    (loaded) => loaded.length > 0 && app.log.info({ loaded }, 'prewarmed the users list'),
    (error: unknown) => app.log.warn({ err: error }, 'could not prewarm the users list'),
  );
  const url = `http://${config.host}:${(app.server.address() as { port: number }).port}`;
  console.log(
    `\nHeed is running.\n  Console:  ${url}/admin\n  Sign in:  ${url}/login\n  API docs: ${url}/api/docs (JSON: /api/docs/json)`,
  );
  if (seeded.length > 0) {
    console.log('\nSign-ins:');
    for (const line of seeded) console.log(`  ${line}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await worker?.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
