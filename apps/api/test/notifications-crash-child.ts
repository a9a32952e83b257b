// A notification worker in a process of its own, for the kill -9 test: it sends the due deliveries
// (clock fixed by CHILD_NOW) until the test kills it. Its database comes from the environment.
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/create-db.ts';
import { runDeliveries } from '../src/modules/notifications/index.ts';

const url = process.env.CHILD_DATABASE_URL;
if (!url) throw new Error('CHILD_DATABASE_URL is required.');
const handle = createDb({ url, poolSize: 2 });
const config = loadConfig({
  DATA_DIR: process.env.CHILD_DATA_DIR,
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  WORKER: 'off',
});
const now = new Date(process.env.CHILD_NOW ?? Date.now());
console.log('worker ready');
const result = await runDeliveries(handle.db, config, { workerId: `child-${process.pid}`, now: () => now });
console.log(JSON.stringify(result));
await handle.close();
process.exit(0);
