import type { AssignmentBulkReason } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { transactionLock } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import {
  type AuditRow,
  certifyCompletion,
  deleteAssignments,
  excludeFromRules,
  insertAuditRows,
  lockCandidates,
  reopenAssignments,
  setDueDates,
  startNewAttemptCycle,
} from './assignments-bulk.repository.ts';
import { type AssignmentBulkPlan, type BulkAssignmentCandidate, classify } from './assignments-bulk.rules.ts';
import { type AssignmentBulkState, advanceBulk, emptyBulkState } from './assignments-bulk.state.ts';
import { ASSIGNMENT_WRITE_LOCK } from './assignments-create.runner.ts';
import { queueNotification } from '../notifications/index.ts';

export interface AssignmentBulkRunDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

export interface AssignmentBulkRunOptions {
  start?: AssignmentBulkState;
  /** Called with the state a piece commits, inside its transaction (a job's progress commits with it). */
  onCommit?: (db: Kysely<Database>, state: AssignmentBulkState) => Promise<void>;
  onFailure?: (error: unknown, ids: readonly number[]) => void;
}

const before = (row: BulkAssignmentCandidate) => ({
  status: row.status,
  due_at: row.due_at,
  started_at: row.started_at,
  completed_at: row.completed_at,
  progress: row.progress,
  score: row.score,
  expires_at: row.expires_at,
});

/**
 * "Send reminder now": a User Reminder per assignment through the notification pipeline (the
 * company's template and sender, its delivery log and retries), queued in the chunk's transaction and
 * sent at once; its Assignment Details link is made when it is rendered, as for every message about
 * an assignment (decision 083).
 */
async function queueReminders(trx: Kysely<Database>, rows: BulkAssignmentCandidate[], now: Date) {
  const audits: AuditRow[] = [];
  for (const row of rows) {
    const deliveryIds = await queueNotification(trx, {
      companyId: row.company_id,
      type: 'reminder_employee',
      userId: row.user_id,
      assignmentId: row.id,
      manual: true,
      now,
    });
    audits.push({
      entityId: row.id,
      action: 'assignment.reminder_sent',
      before: null,
      after: { delivery_id: deliveryIds[0] ?? null, recipient: row.learner_email },
    });
  }
  return audits;
}

/** Applies the action to the eligible rows; the audit rows it writes, one per assignment. */
async function apply(
  trx: Kysely<Database>,
  dialect: Dialect,
  plan: AssignmentBulkPlan,
  rows: BulkAssignmentCandidate[],
  now: Date,
): Promise<number> {
  const at = iso(now);
  const ids = rows.map((row) => row.id);
  let audits: AuditRow[];
  let changed: number;
  switch (plan.action) {
    case 'change_due_date': {
      const dueAt = plan.dueAt ?? null;
      audits = rows.map((row) => ({
        entityId: row.id,
        action: 'assignment.change_due_date',
        before: { due_at: row.due_at },
        after: { due_at: dueAt },
      }));
      changed = await setDueDates(trx, dialect, ids, dueAt, at);
      break;
    }
    case 'send_reminder':
      audits = await queueReminders(trx, rows, now);
      changed = rows.length;
      break;
    case 'reset': {
      audits = [];
      for (const row of rows) {
        const certificate =
          row.completed_at !== null
            ? await certifyCompletion(trx, { ...row, completed_at: row.completed_at }, at)
            : null;
        audits.push({
          entityId: row.id,
          action: 'assignment.reset',
          before: { ...before(row), ...(certificate ? { certificate } : {}) },
          after: { status: 'not_started', progress: 0 },
        });
      }
      await startNewAttemptCycle(trx, dialect, ids, at);
      changed = await reopenAssignments(trx, dialect, ids, at);
      break;
    }
    case 'remove':
      audits = rows.map((row) => ({
        entityId: row.id,
        action: 'assignment.remove',
        before: {
          user_id: row.user_id,
          course_id: row.course_id,
          source: row.source,
          rule_id: row.rule_id,
          ...before(row),
        },
        after: null,
      }));
      await excludeFromRules(trx, rows, plan.actorId, at);
      changed = await deleteAssignments(trx, dialect, ids);
      break;
  }
  await insertAuditRows(trx, plan, audits, at);
  return changed;
}

/**
 * One piece in one transaction: lock the assignments, classify them, apply and audit. A piece whose
 * change fails is split in two and each half retried, down to single assignments, so one bad row
 * fails alone: all or nothing per assignment. A failure before any change is thrown (a job retries).
 */
async function runPiece(
  deps: AssignmentBulkRunDeps,
  plan: AssignmentBulkPlan,
  ids: readonly number[],
  state: AssignmentBulkState,
  options: AssignmentBulkRunOptions,
): Promise<AssignmentBulkState> {
  let changing = false;
  const lastId = ids.at(-1) ?? state.resumeAfterId;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Rule runs and New assignment take the same lock: a removal and its exclusion never race a run.
      if (plan.action === 'remove') await transactionLock(trx, deps.dialect, ASSIGNMENT_WRITE_LOCK, plan.companyId);
      const found = await lockCandidates(trx, deps.dialect, plan, ids);
      const { eligible, skipped } = classify(plan, found);
      const foundIds = new Set(found.map((row) => row.id));
      const gone = ids.filter((id) => !foundIds.has(id));
      const reasons = new Map<AssignmentBulkReason, readonly number[]>(skipped);
      if (gone.length > 0) reasons.set('gone', gone);
      let changed = 0;
      if (eligible.length > 0) {
        changing = true;
        changed = await apply(trx, deps.dialect, plan, eligible, deps.now());
        changing = false;
      }
      const next = advanceBulk(state, { changed, skipped: reasons, failed: [], lastId, processed: ids.length });
      await options.onCommit?.(trx, next);
      return next;
    });
  } catch (error) {
    if (!changing) throw error;
    options.onFailure?.(error, ids);
    if (ids.length === 1) {
      const next = advanceBulk(state, { changed: 0, skipped: new Map(), failed: ids, lastId, processed: 1 });
      await options.onCommit?.(deps.db, next);
      return next;
    }
    const middle = Math.ceil(ids.length / 2);
    const left = await runPiece(deps, plan, ids.slice(0, middle), state, options);
    return runPiece(deps, plan, ids.slice(middle), left, options);
  }
}

/** Runs the action over one chunk of ids (ascending), in one transaction unless a row fails. */
export function runBulkChunk(
  deps: AssignmentBulkRunDeps,
  plan: AssignmentBulkPlan,
  ids: readonly number[],
  options: AssignmentBulkRunOptions = {},
): Promise<AssignmentBulkState> {
  return runPiece(deps, plan, ids, options.start ?? emptyBulkState(), options);
}
