import { loadConfig } from '../../apps/api/src/config.ts';
import { createDb } from '../../apps/api/src/db/create-db.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { ensureInitialData } from '../../apps/api/src/db/seed/initial-data.ts';

/**
 * A migrated database at `url` with the site admin (no demo) and one company named `name`; `fill`
 * adds what the bench needs to it (its users, fields, departments). Answers the company's id.
 */
export async function freshCompany(url, dataDir, name, fill = async () => {}) {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, HEED_DEMO: '0' });
  const handle = createDb({ url });
  try {
    await migrateToLatest(handle.db);
    await ensureInitialData(handle.db, config, { info: () => undefined });
    const now = new Date().toISOString();
    const company = await handle.db
      .insertInto('companies')
      .values({ name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fill(handle.db, company.id, now);
    return company.id;
  } finally {
    await handle.close();
  }
}
