import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { addMinutes, iso } from './clock.ts';

/** Fixed-window counters in the database, so every API process shares them. */
export async function isThrottled(db: Kysely<Database>, key: string, limit: number, now: Date) {
  const row = await db.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || new Date(row.reset_at) <= now || row.hits < limit) return null;
  return { retryAfterSeconds: Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000) };
}

export async function recordHit(db: Kysely<Database>, key: string, windowMinutes: number, now: Date) {
  const resetAt = iso(addMinutes(now, windowMinutes));
  const current = iso(now);
  await db
    .insertInto('throttles')
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when('throttles.reset_at', '<=', current)
          .then(1)
          .else(eb('throttles.hits', '+', 1))
          .end(),
        reset_at: eb
          .case()
          .when('throttles.reset_at', '<=', current)
          .then(resetAt)
          .else(eb.ref('throttles.reset_at'))
          .end(),
      })),
    )
    .execute();
}

export async function clearHits(db: Kysely<Database>, key: string) {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
