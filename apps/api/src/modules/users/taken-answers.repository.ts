import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** A throttle counter as it stands, without counting a hit (platform/throttle.repository.ts counts). */
export async function readThrottle(
  db: Kysely<Database>,
  key: string,
): Promise<{ hits: number; resetAt: string } | undefined> {
  const row = await db.selectFrom('throttles').select(['hits', 'reset_at']).where('key', '=', key).executeTakeFirst();
  return row && { hits: Number(row.hits), resetAt: row.reset_at };
}
