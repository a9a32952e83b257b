import type { Kysely } from 'kysely';
import { index, sql } from './helpers.ts';

/**
 * The notification pipeline (decision 068): a delivery is claimed before it is sent and carries the
 * key that makes it unique (one row per notification step and recipient), its next attempt time and
 * its HTML part; a schedule row has quiet hours (in the company's time zone, migration 033). Existing deliveries keep a null key (never re-sent) and are due at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const deliveries = [
    ['dedupe_key', 'varchar(200)'],
    ['next_attempt_at', 'varchar(32)'],
    ['claimed_by', 'varchar(120)'],
    ['claimed_at', 'varchar(32)'],
    ['sender_id', 'integer'],
    ['template_id', 'integer'],
    ['html', 'text'],
    ['context', 'text'],
  ] as const;
  for (const [column, type] of deliveries) {
    await db.schema.alterTable('deliveries').addColumn(column, type).execute();
  }
  await sql`UPDATE deliveries SET next_attempt_at = created_at`.execute(db);
  await index(db, 'deliveries_dedupe', 'deliveries', ['dedupe_key'], true);
  await index(db, 'deliveries_due', 'deliveries', ['status', 'next_attempt_at', 'id']);
  await index(db, 'deliveries_company_type', 'deliveries', ['company_id', 'type', 'created_at']);

  await db.schema.alterTable('notifications').addColumn('quiet_start', 'varchar(5)').execute();
  await db.schema.alterTable('notifications').addColumn('quiet_end', 'varchar(5)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['quiet_end', 'quiet_start']) {
    await db.schema.alterTable('notifications').dropColumn(column).execute();
  }
  for (const name of ['deliveries_company_type', 'deliveries_due', 'deliveries_dedupe']) {
    await db.schema.dropIndex(name).execute();
  }
  for (const column of [
    'context',
    'html',
    'template_id',
    'sender_id',
    'claimed_at',
    'claimed_by',
    'next_attempt_at',
    'dedupe_key',
  ]) {
    await db.schema.alterTable('deliveries').dropColumn(column).execute();
  }
}
