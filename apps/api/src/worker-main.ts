import { loadConfig } from './config.ts';
import { createDb } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { WorkerLog } from './jobs/types.ts';
import { startWorker } from './worker.ts';

/**
 * `npm run worker`: a job worker as its own process, for running several beside stateless API
 * processes (PRODUCT.md "Scale"). Stops on SIGINT/SIGTERM after the job in hand.
 */
async function main() {
  const config = loadConfig();
  const migration = createDb({ url: config.databaseUrl, poolSize: 1 });
  await migrateToLatest(migration.db);
  await migration.close();

  const write =
    (level: string) =>
    (obj: object, msg?: string): void => {
      const line = { level, time: new Date().toISOString(), msg, ...obj };
      console.log(
        JSON.stringify(line, (_key, value) =>
          value instanceof Error ? { message: value.message, stack: value.stack } : value,
        ),
      );
    };
  const log: WorkerLog = { info: write('info'), warn: write('warn'), error: write('error') };
  const worker = startWorker(config, log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'job worker stopping');
    await worker.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
