import { type Kysely, sql } from 'kysely';
import { fillRollups } from '../migrations/046-assignment-rollups.ts';
import { fillLearnerRollups } from '../migrations/047-learner-rollups.ts';
import { fillExpiryRollups } from '../migrations/048-expiry-rollups.ts';
import { fillAttributeRollups } from '../migrations/050-attribute-rollups.ts';

/**
 * The PostgreSQL side of a bulk load of assignments. Kept current row by row, the table's indexes
 * (about twenty) and its rollup statement triggers held the 10M seed to 2,700–4,100 rows/s;
 * dropped during the load, the indexes are built once from the finished table and the rollups filled
 * by one GROUP BY each, as their migrations fill them. What was dropped is written first to
 * {@link RELAXED}, in the same schema, so a load that dies midway is repaired at the next start.
 * Indexes that back a constraint (the primary key) stay, and so do the triggers that are not the
 * rollups' (the learner sort key, the list's data stamp).
 */
const RELAXED = 'heed_seed_relaxed';
const ROLLUP_TRIGGER = /^(assignment|learner|expiry|attribute)_rollups_/;

export async function relaxPostgres(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(RELAXED)} (kind text NOT NULL, name text NOT NULL, definition text NOT NULL)`.execute(
    db,
  );
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
    WHERE x.indrelid = 'assignments'::regclass
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`.execute(db);
  const { rows: triggers } = await sql<{ name: string }>`
    SELECT tgname AS name FROM pg_trigger
    WHERE tgrelid = 'assignments'::regclass AND NOT tgisinternal AND tgenabled <> 'D'`.execute(db);
  const rollupTriggers = triggers.filter((trigger) => ROLLUP_TRIGGER.test(trigger.name));
  await db.transaction().execute(async (trx) => {
    for (const { name, definition } of indexes) {
      await trx.insertInto(RELAXED).values({ kind: 'index', name, definition }).execute();
      await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
    }
    for (const { name } of rollupTriggers) {
      await trx.insertInto(RELAXED).values({ kind: 'trigger', name, definition: '' }).execute();
      await sql`ALTER TABLE assignments DISABLE TRIGGER ${sql.id(name)}`.execute(trx);
    }
  });
}

/**
 * Builds the indexes {@link relaxPostgres} dropped, fills the rollups again from the table and turns
 * their triggers back on; nothing to do when no load was relaxed. Returns what it rebuilt.
 */
export async function restorePostgres(db: Kysely<any>): Promise<string[]> {
  const { rows: exists } =
    await sql`SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = ${RELAXED}`.execute(db);
  if (exists.length === 0) return [];
  const relaxed = await db.selectFrom(RELAXED).select(['kind', 'name', 'definition']).execute();
  // Sorting ten million index entries in memory instead of in batches on disk (the server's default is 64 MB).
  await sql`SET maintenance_work_mem = '1GB'`.execute(db);
  try {
    for (const { kind, definition } of relaxed) {
      if (kind !== 'index') continue;
      await sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(db);
    }
  } finally {
    await sql`RESET maintenance_work_mem`.execute(db);
  }
  await db.transaction().execute(async (trx) => {
    const triggers = relaxed.filter((object) => object.kind === 'trigger');
    if (triggers.length > 0) {
      for (const table of ['assignment_rollups', 'learner_rollups', 'expiry_rollups', 'attribute_rollups'])
        await trx.deleteFrom(table).execute();
      await fillRollups(trx);
      await fillLearnerRollups(trx);
      await fillExpiryRollups(trx);
      await fillAttributeRollups(trx);
      for (const { name } of triggers) await sql`ALTER TABLE assignments ENABLE TRIGGER ${sql.id(name)}`.execute(trx);
    }
    await sql`DROP TABLE ${sql.table(RELAXED)}`.execute(trx);
  });
  return relaxed.map((object) => object.name);
}
