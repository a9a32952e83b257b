import type { Kysely } from 'kysely';
import { index } from './helpers.ts';

/**
 * Sorting users by name means last name, then first name (Smith, Alice before Smith, Bob), then id.
 * The name index already holds (company_id, last_name, first_name, id); the filter indexes held
 * (company_id, role|suspended|department_id, last_name, id), which forced both databases to sort
 * every run of equal last names (12,000 Smiths in a million users) behind a filter. They now carry
 * the first name too, so every filter still yields the name order straight from its index.
 */
const FILTER_COLUMNS = ['role', 'suspended', 'department_id'] as const;
const indexName = (column: string) => `users_company_${column === 'department_id' ? 'department' : column}`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of FILTER_COLUMNS) {
    await db.schema.dropIndex(indexName(column)).execute();
    await index(db, indexName(column), 'users', ['company_id', column, 'last_name', 'first_name', 'id']);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of FILTER_COLUMNS) {
    await db.schema.dropIndex(indexName(column)).execute();
    await index(db, indexName(column), 'users', ['company_id', column, 'last_name', 'id']);
  }
}
