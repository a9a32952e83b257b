import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { addMinutes, iso } from './clock.ts';

/** A key and how many hits its window allows. */
export interface ThrottleLimit {
  key: string;
  limit: number;
}

/**
 * Counts one hit on `key` and answers the count, in one statement: fixed windows, a hit after
 * `reset_at` starts a new one. Reading the counter and recording the attempt apart let parallel
 * requests all read the same count and all pass (F2); an upsert's row lock orders them instead.
 */
export async function hit(db: Kysely<Database>, key: string, windowMinutes: number, now: Date) {
  const resetAt = iso(addMinutes(now, windowMinutes));
  const current = iso(now);
  const row = await db
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
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: row.reset_at };
}

/**
 * Counts an attempt on each key in turn, before the attempt is made: null when every count is within
 * its limit, else the wait until the first exceeded window ends. Keys after an exceeded one are not
 * counted, so a refused request uses up no other counter.
 */
export async function takeHits(db: Kysely<Database>, limits: ThrottleLimit[], windowMinutes: number, now: Date) {
  for (const { key, limit } of limits) {
    const counted = await hit(db, key, windowMinutes, now);
    if (counted.hits > limit) {
      return {
        retryAfterSeconds: Math.max(1, Math.ceil((new Date(counted.resetAt).getTime() - now.getTime()) / 1000)),
      };
    }
  }
  return null;
}

/** Gives back a hit counted for an attempt that turned out not to count (a success, where only failures do). */
export async function returnHit(db: Kysely<Database>, key: string) {
  await db
    .updateTable('throttles')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function clearHits(db: Kysely<Database>, key: string) {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}
