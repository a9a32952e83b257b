import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * Deleting users set-based (bulk delete) makes both databases look up, for every deleted user, the
 * rows whose foreign key points at them. `users.manager_id` and `notifications.sender_id` had no
 * index led by that column, so each lookup scanned the whole table: 100,000 deletions over a
 * million users would walk 10^11 rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await index(db, 'users_manager', 'users', ['manager_id']);
  await index(db, 'notifications_sender', 'notifications', ['sender_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_sender').execute();
  await db.schema.dropIndex('users_manager').execute();
}
