import { usersChanged } from '../../platform/user-changes.ts';
import type { UserBulkReason } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import { applyAction, insertAuditRows, lockCandidates } from './users-bulk.repository.ts';
import { type BulkPlan, classify } from './users-bulk.rules.ts';
import { type BulkState, advance, emptyState } from './users-bulk.state.ts';

/**
 * Users per transaction. Each chunk is a handful of set-based statements; small enough that a
 * chunk holds SQLite's write lock for tens of milliseconds, so requests keep writing meanwhile.
 */
const BULK_CHUNK_SIZE = 5000;

export interface BulkRunDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

export interface BulkRunOptions {
  /** Where a resumed job stopped; a fresh run starts empty. */
  start?: BulkState;
  /**
   * Called with the state a piece commits, inside its transaction (or after a final failure,
   * outside any): a job records its progress there, so progress and changes commit together.
   */
  onCommit?: (db: Kysely<Database>, state: BulkState) => Promise<void>;
  /** A piece whose change failed (it is retried in halves down to single users). */
  onFailure?: (error: unknown, ids: readonly number[]) => void;
  /** A job's stop (cancelled, out of time): checked between chunks, so a stop leaves whole chunks. */
  signal?: AbortSignal;
}

/** Bulk actions after which a user may match assignment rules they did not before. */
const RULE_TRIGGERING = new Set(['reactivate', 'change_department', 'change_role']);

/**
 * One piece in one transaction: lock the users, classify them, write their audit rows and apply
 * the action, all set-based. A piece whose change fails is split in two and each half retried,
 * down to single users, so one bad user fails alone and every other user still changes: all or
 * nothing per user, never per batch. A failure before the change (the database is gone) is
 * thrown: the job retries later and resumes here.
 */
async function runPiece(
  deps: BulkRunDeps,
  plan: BulkPlan,
  ids: readonly number[],
  state: BulkState,
  options: BulkRunOptions,
): Promise<BulkState> {
  let changing = false;
  const lastId = ids.at(-1) ?? state.resumeAfterId;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const found = await lockCandidates(trx, deps.dialect, plan, ids);
      const { eligible, skipped } = classify(plan, found);
      const foundIds = new Set(found.map((user) => user.id));
      const gone = ids.filter((id) => !foundIds.has(id));
      const reasons = new Map<UserBulkReason, readonly number[]>(skipped);
      if (gone.length > 0) reasons.set('gone', gone);
      let changed = 0;
      if (eligible.length > 0) {
        changing = true;
        const now = iso(deps.now());
        await insertAuditRows(trx, deps.dialect, plan, eligible, now);
        changed = await applyAction(trx, deps.dialect, plan, eligible, now);
        if (RULE_TRIGGERING.has(plan.action))
          await usersChanged(trx, plan.companyId, [...eligible], {
            actorId: plan.actor.id,
            impersonatorId: plan.impersonatorId,
            ip: plan.ip ?? '',
            now: deps.now,
          }); // assignment rules (decision 066)
        changing = false;
      }
      const next = advance(state, { changed, skipped: reasons, failed: [], lastId, processed: ids.length });
      await options.onCommit?.(trx, next);
      return next;
    });
  } catch (error) {
    if (!changing) throw error;
    options.onFailure?.(error, ids);
    if (ids.length === 1) {
      const next = advance(state, { changed: 0, skipped: new Map(), failed: ids, lastId, processed: 1 });
      await options.onCommit?.(deps.db, next);
      return next;
    }
    const middle = Math.ceil(ids.length / 2);
    const left = await runPiece(deps, plan, ids.slice(0, middle), state, options);
    return runPiece(deps, plan, ids.slice(middle), left, options);
  }
}

/** Runs a bulk action over the given users (ascending ids) chunk by chunk, from where `start` stopped. */
export async function runBulk(
  deps: BulkRunDeps,
  plan: BulkPlan,
  ids: readonly number[],
  options: BulkRunOptions = {},
): Promise<BulkState> {
  let state = options.start ?? emptyState();
  const excluded = new Set(plan.excludedIds);
  const remaining = ids.filter((id) => id > state.resumeAfterId && !excluded.has(id));
  for (let i = 0; i < remaining.length; i += BULK_CHUNK_SIZE) {
    options.signal?.throwIfAborted();
    state = await runPiece(deps, plan, remaining.slice(i, i + BULK_CHUNK_SIZE), state, options);
  }
  return state;
}
