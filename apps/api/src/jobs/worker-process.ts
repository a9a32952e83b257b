import { loadConfig } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { JOB_LANES, type JobLane, type WorkerLog } from './types.ts';
import { startWorkerThread } from './worker-thread.ts';

/** WORKER_LANES=short,heavy (the default): the lanes this process works, one thread each (decision 056). */
function parseWorkerLanes(value: string | undefined): JobLane[] {
  if (value === undefined || value.trim() === '') return [...JOB_LANES];
  const lanes = [...new Set(value.split(',').map((lane) => lane.trim()))];
  const unknown = lanes.filter((lane) => !(JOB_LANES as readonly string[]).includes(lane));
  if (unknown.length > 0 || lanes.length === 0)
    throw new Error(`Invalid environment: WORKER_LANES: expected ${JOB_LANES.join(', ')}; got ${unknown.join(', ')}`);
  return lanes as JobLane[];
}

/**
 * `npm run worker` (src/worker-main.ts): a job worker as its own process, for running several beside
 * stateless API processes (PRODUCT.md "Scale"). Stops on SIGINT/SIGTERM after the jobs in hand.
 */
export async function runWorkerProcess(): Promise<void> {
  const config = loadConfig();
  const lanes = parseWorkerLanes(process.env.WORKER_LANES);
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
  const worker = startWorkerThread(config, log, {}, lanes);
  log.info({ lanes }, 'job worker threads started');

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
