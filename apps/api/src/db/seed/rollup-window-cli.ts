import { loadConfig } from '../../config.ts';
import { moveRollupWindow } from '../../modules/reports/index.ts';
import { createDb } from '../create-db.ts';
import { migrateToLatest } from '../migrate.ts';
import { vacuumLoaded } from './large.ts';

// Migrates DATABASE_URL and moves the report rollups' window to today, as the worker's daily job
// does (decision 088): for a database written by `npm run seed` that no worker has run on, before
// the reports benchmark reads it.
const handle = createDb({ url: loadConfig().databaseUrl });
try {
  await migrateToLatest(handle.db, handle.schema);
  const started = performance.now();
  const result = await moveRollupWindow(handle.db, handle.dialect, new Date());
  // The move recodes list codes: fresh statistics for the benchmark's plans (autovacuum may be off).
  if (result.moved && handle.dialect === 'postgres') await vacuumLoaded(handle.db);
  console.log(`Report rollups: ${JSON.stringify(result)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await handle.close();
}
