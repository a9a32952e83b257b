import { type Kysely, sql } from 'kysely';
import { index } from './helpers.ts';

/**
 * Every user written (import, bulk change, seed) pays for each index of the users table; on
 * PostgreSQL a bulk change of an indexed column (status, role, department) writes a new entry in all
 * of them. Three entries bought nothing for most users:
 * - `users_company_manager (company_id, manager_id)` repeats `users_manager (manager_id)`: manager ids
 *   are user ids, unique across companies, so the single column finds the same rows.
 * - `users_manager` and `users_company_external` held an entry for every user without a manager or an
 *   external id (most of them). Lookups always name a value (`manager_id = ?`, `IN (…)`, the foreign
 *   key's ON DELETE SET NULL, `external_id = ?`), which implies IS NOT NULL, so both databases use
 *   partial indexes of the non-null rows for them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_company_manager').execute();
  await db.schema.dropIndex('users_manager').execute();
  await sql`CREATE INDEX users_manager ON users (manager_id) WHERE manager_id IS NOT NULL`.execute(db);
  await db.schema.dropIndex('users_company_external').execute();
  await sql`CREATE INDEX users_company_external ON users (company_id, external_id) WHERE external_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_company_external').execute();
  await index(db, 'users_company_external', 'users', ['company_id', 'external_id']);
  await db.schema.dropIndex('users_manager').execute();
  await index(db, 'users_manager', 'users', ['manager_id']);
  await index(db, 'users_company_manager', 'users', ['company_id', 'manager_id']);
}
