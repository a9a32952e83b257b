import type { Kysely } from 'kysely';
import { index, withId } from './helpers.ts';

/**
 * Assignment Details links (issue 16 item 7, decision 065).
 * - `assignment_tokens`: one row per link issued for an assignment: when it expires and whether it
 *   was revoked. The link itself carries only the row's id and expiry, signed with the server's
 *   secret (HMAC-SHA256); the row is what makes it revocable. Deleting the assignment deletes its links.
 * - `server_secrets`: secrets the server draws once and keeps (here the links' HMAC key, unless the
 *   environment gives one), so every process of the installation signs alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('assignment_tokens'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await index(db, 'assignment_tokens_assignment', 'assignment_tokens', ['assignment_id']);

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('assignment_tokens').execute();
}
