import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * Job lanes and cancellation (decision 045). Each job belongs to a lane, `short` (something a person
 * waits for: e-mails, password resets) or `heavy` (imports, bulk changes), and each lane has its own
 * worker loop, so a heavy job never delays a short one. The claim query looks for the next due job
 * of one lane, hence the index led by the lane. A cancel request is stamped on the job for the worker
 * running it to notice.
 *
 * Frozen in time: existing rows get their lane from the job types heavy at the time of writing. The
 * default is `short`: rows inserted set-based (a bulk action's password resets) are short jobs.
 */
const HEAVY_TYPES_IN_2026 = ['users_import', 'users_bulk'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('lane', 'varchar(16)', (c) => c.notNull().defaultTo('short'))
    .execute();
  await db.schema.alterTable('jobs').addColumn('cancel_requested_at', 'varchar(32)').execute();
  await db.schema.alterTable('jobs').addColumn('cancel_requested_by', 'integer').execute();
  await db.updateTable('jobs').set({ lane: 'heavy' }).where('type', 'in', HEAVY_TYPES_IN_2026).execute();
  await index(db, 'jobs_lane_claim', 'jobs', ['lane', 'status', 'run_at', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_lane_claim').execute();
  await db.schema.alterTable('jobs').dropColumn('cancel_requested_by').execute();
  await db.schema.alterTable('jobs').dropColumn('cancel_requested_at').execute();
  await db.schema.alterTable('jobs').dropColumn('lane').execute();
}
