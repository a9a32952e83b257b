import type { Kysely } from 'kysely';

type Thunks<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> | T[K] };

/**
 * Runs independent queries together on a pool (each on its own connection), but one after another
 * on a transaction's single connection: PostgreSQL's client cannot overlap queries (pg deprecates
 * queueing them), and SQLite's one connection runs them in turn anyway.
 */
export async function queriesAtOnce<T extends readonly unknown[]>(db: Kysely<any>, queries: Thunks<T>): Promise<T> {
  if (!db.isTransaction) return Promise.all(queries.map((query) => query())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as unknown as T;
}
