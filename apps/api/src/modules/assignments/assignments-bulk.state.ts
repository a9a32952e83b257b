import {
  ASSIGNMENT_BULK_REASONS,
  type AssignmentBulkAction,
  type AssignmentBulkReason,
  type BulkAssignmentsSummary,
  bulkAssignmentsSummary,
} from '@heed/contract';
import { z } from 'zod';

/** At most this many assignment ids are kept per reason (the summary names some, and counts all). */
const MAX_IDS_PER_REASON = 100;

/** A bulk run's running totals; a job stores them after every chunk and resumes from them. */
export interface AssignmentBulkState {
  changed: number;
  skipped: number;
  failed: number;
  problems: Partial<Record<AssignmentBulkReason, { count: number; assignment_ids: number[] }>>;
  /** Assignments looked at so far (the job's progress). */
  processed: number;
  /** Every matching assignment up to this id has been dealt with. */
  resumeAfterId: number;
}

export const emptyBulkState = (): AssignmentBulkState => ({
  changed: 0,
  skipped: 0,
  failed: 0,
  problems: {},
  processed: 0,
  resumeAfterId: 0,
});

export interface BulkPieceOutcome {
  changed: number;
  skipped: ReadonlyMap<AssignmentBulkReason, readonly number[]>;
  failed: readonly number[];
  lastId: number;
  processed: number;
}

export function advanceBulk(state: AssignmentBulkState, piece: BulkPieceOutcome): AssignmentBulkState {
  const problems = { ...state.problems };
  const note = (reason: AssignmentBulkReason, ids: readonly number[]) => {
    if (ids.length === 0) return;
    const current = problems[reason] ?? { count: 0, assignment_ids: [] };
    problems[reason] = {
      count: current.count + ids.length,
      assignment_ids: [...current.assignment_ids, ...ids.slice(0, MAX_IDS_PER_REASON - current.assignment_ids.length)],
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

export function toBulkSummary(action: AssignmentBulkAction, state: AssignmentBulkState): BulkAssignmentsSummary {
  const errors = Object.entries(state.problems).map(([reason, problem]) => ({
    reason: reason as AssignmentBulkReason,
    message: ASSIGNMENT_BULK_REASONS[reason as AssignmentBulkReason],
    count: problem.count,
    assignment_ids: problem.assignment_ids,
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

const partialResult = bulkAssignmentsSummary.extend({
  processed: z.number().int(),
  resume_after_id: z.number().int(),
});

export const toPartialBulkResult = (action: AssignmentBulkAction, state: AssignmentBulkState) => ({
  ...toBulkSummary(action, state),
  processed: state.processed,
  resume_after_id: state.resumeAfterId,
});

/** A job's stored partial result read back (a resumed job), or a fresh start. */
export function bulkStateFromResult(result: unknown): AssignmentBulkState {
  const parsed = partialResult.safeParse(result);
  if (!parsed.success) return emptyBulkState();
  const { changed, skipped, failed, errors = [], processed, resume_after_id } = parsed.data;
  return {
    changed,
    skipped,
    failed,
    problems: Object.fromEntries(errors.map((e) => [e.reason, { count: e.count, assignment_ids: e.assignment_ids }])),
    processed,
    resumeAfterId: resume_after_id,
  };
}
