import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { transactionLock } from '../../db/dialect/index.ts';
import { queueAssignmentNotifications } from '../notifications/index.ts';
import {
  type ChunkWrite,
  type LearnerPick,
  insertChunk,
  lastAssignmentId,
  pickedIdsAfter,
} from './assignments-create.repository.ts';

/**
 * The lock every writer of a company's assignments takes (per chunk): on PostgreSQL two writers could
 * otherwise both find no open assignment and both insert one (no unique key can say "open").
 */
export const ASSIGNMENT_WRITE_LOCK = 0x41535347;

/** Learners per transaction: each chunk's pairs are one INSERT … SELECT. */
export const CHUNK_LEARNERS = 5000;

/** What a request or a job writes: the pick, the usable courses and the assignment's fields. */
export interface CreatePlan {
  pick: LearnerPick;
  /** Who assigned; null for a rule run nobody started (nightly). */
  actorId: number | null;
  /** A rule run (decision 066): the assignments say rule and run, and the rule's exclusions hold. */
  rule?: { ruleId: number; runId: number };
  now: string;
  dueAt: string | null;
  recertifyMonths: number | null;
  courseIds: number[];
  /**
   * Queue `course_assignment` for what is created (the notification pipeline: the company's schedule
   * row, template and sender decide). "Notify now" on New assignment; always for rule runs.
   */
  notify: boolean;
}

export interface CreateProgress {
  /** Learners handled so far, and the last one's id (a resumed job starts after it). */
  learners: number;
  afterId: number;
  created: number;
  /** `course_assignment` messages queued (one per assignment and schedule row). */
  notified: number;
}

export const emptyProgress = (): CreateProgress => ({ learners: 0, afterId: 0, created: 0, notified: 0 });

/**
 * Writes the plan chunk by chunk, each chunk (its inserts, its `course_assignment` messages, and `inChunk`'s own writes:
 * the job's progress, the last chunk's audit entry) in one transaction.
 */
export async function runCreate(
  deps: { db: Kysely<Database>; dialect: Dialect },
  plan: CreatePlan,
  start: CreateProgress,
  inChunk: (trx: Kysely<Database>, progress: CreateProgress, last: boolean) => Promise<void>,
  signal?: AbortSignal,
): Promise<CreateProgress> {
  let progress = start;
  for (;;) {
    signal?.throwIfAborted();
    const ids = await pickedIdsAfter(deps.db, deps.dialect, plan.pick, progress.afterId, CHUNK_LEARNERS);
    const last = ids.length < CHUNK_LEARNERS;
    const throughId = ids.length > 0 ? ids[ids.length - 1]! : progress.afterId;
    progress = await deps.db.transaction().execute(async (trx) => {
      await transactionLock(trx, deps.dialect, ASSIGNMENT_WRITE_LOCK, plan.pick.companyId);
      const write: ChunkWrite = {
        companyId: plan.pick.companyId,
        actorId: plan.actorId,
        now: plan.now,
        dueAt: plan.dueAt,
        recertifyMonths: plan.recertifyMonths,
        courseIds: plan.courseIds,
        afterId: progress.afterId,
        throughId,
        ...(plan.rule ? { rule: plan.rule } : {}),
      };
      const before = plan.notify ? await lastAssignmentId(trx) : 0;
      const created =
        ids.length > 0 && plan.courseIds.length > 0 ? await insertChunk(trx, deps.dialect, plan.pick, write) : 0;
      const notified =
        plan.notify && created > 0
          ? await queueAssignmentNotifications(trx, {
              companyId: plan.pick.companyId,
              assignments: plan.rule
                ? { ruleRunId: plan.rule.runId, afterId: before }
                : { afterId: before, assignedAt: plan.now },
              now: new Date(plan.now),
            })
          : 0;
      const next = {
        learners: progress.learners + ids.length,
        afterId: throughId,
        created: progress.created + created,
        notified: progress.notified + notified,
      };
      await inChunk(trx, next, last);
      return next;
    });
    if (last) return progress;
  }
}
