import {
  type BulkUsersSummary,
  USER_BULK_REASONS,
  type UserBulkAction,
  type UserBulkReason,
  bulkUsersSummary,
} from '@heed/contract';
import { z } from 'zod';

/** At most this many user ids are kept per reason (the summary names some, and counts all). */
const MAX_IDS_PER_REASON = 100;

/** A bulk run's running totals; a job stores it after every chunk, so a restarted job resumes where it stopped. */
export interface BulkState {
  changed: number;
  skipped: number;
  failed: number;
  problems: Partial<Record<UserBulkReason, { count: number; user_ids: number[] }>>;
  /** Users looked at so far (the job's progress). */
  processed: number;
  /** Every user up to this id has been dealt with. */
  resumeAfterId: number;
}

export const emptyState = (): BulkState => ({
  changed: 0,
  skipped: 0,
  failed: 0,
  problems: {},
  processed: 0,
  resumeAfterId: 0,
});

export interface PieceOutcome {
  changed: number;
  skipped: ReadonlyMap<UserBulkReason, readonly number[]>;
  failed: readonly number[];
  lastId: number;
  processed: number;
}

/** The state after one piece of work committed (or finally failed). */
export function advance(state: BulkState, piece: PieceOutcome): BulkState {
  const problems = { ...state.problems };
  const note = (reason: UserBulkReason, ids: readonly number[]) => {
    if (ids.length === 0) return;
    const current = problems[reason] ?? { count: 0, user_ids: [] };
    problems[reason] = {
      count: current.count + ids.length,
      user_ids: [...current.user_ids, ...ids.slice(0, MAX_IDS_PER_REASON - current.user_ids.length)],
    };
  };
  let skipped = 0;
  for (const [reason, ids] of piece.skipped) {
    note(reason, ids);
    skipped += ids.length;
  }
  note('failed', piece.failed);
  return {
    changed: state.changed + piece.changed,
    skipped: state.skipped + skipped,
    failed: state.failed + piece.failed.length,
    problems,
    processed: state.processed + piece.processed,
    resumeAfterId: Math.max(state.resumeAfterId, piece.lastId),
  };
}

/** The contract's summary: matched = changed + skipped + failed, with the reasons behind the last two. */
export function toSummary(action: UserBulkAction, state: BulkState): BulkUsersSummary {
  const errors = Object.entries(state.problems).map(([reason, problem]) => ({
    reason: reason as UserBulkReason,
    message: USER_BULK_REASONS[reason as UserBulkReason],
    count: problem.count,
    user_ids: problem.user_ids,
  }));
  return {
    action,
    matched: state.changed + state.skipped + state.failed,
    changed: state.changed,
    skipped: state.skipped,
    failed: state.failed,
    ...(errors.length > 0 ? { errors } : {}),
  };
}

/** What a running job keeps in its `result`: the summary so far and where to resume. */
const partialResult = bulkUsersSummary.extend({
  processed: z.number().int(),
  resume_after_id: z.number().int(),
});
export type PartialResult = z.infer<typeof partialResult>;

export const toPartialResult = (action: UserBulkAction, state: BulkState): PartialResult => ({
  ...toSummary(action, state),
  processed: state.processed,
  resume_after_id: state.resumeAfterId,
});

/** Reads a job's stored partial result back into a state (a resumed job), or starts afresh. */
export function stateFromResult(result: unknown): BulkState {
  const parsed = partialResult.safeParse(result);
  if (!parsed.success) return emptyState();
  const { changed, skipped, failed, errors = [], processed, resume_after_id } = parsed.data;
  return {
    changed,
    skipped,
    failed,
    problems: Object.fromEntries(errors.map((e) => [e.reason, { count: e.count, user_ids: e.user_ids }])),
    processed,
    resumeAfterId: resume_after_id,
  };
}
