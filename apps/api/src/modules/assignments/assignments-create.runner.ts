import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { transactionLock } from '../../db/dialect/index.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { queueEmail } from '../../platform/mail.repository.ts';
import {
  type ChunkWrite,
  type LearnerPick,
  findChunkAssignments,
  insertChunk,
  lastAssignmentId,
  pickedIdsAfter,
} from './assignments-create.repository.ts';
import { composeAssignedEmail } from './assignments-email.ts';

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
  notify: boolean;
  companyName: string;
  publicUrl: string;
}

export interface CreateProgress {
  /** Learners handled so far, and the last one's id (a resumed job starts after it). */
  learners: number;
  afterId: number;
  created: number;
  notified: number;
}

export const emptyProgress = (): CreateProgress => ({ learners: 0, afterId: 0, created: 0, notified: 0 });

/** One e-mail per learner with the courses this chunk gave them, queued in the chunk's transaction. */
async function notifyChunk(trx: Kysely<Database>, plan: CreatePlan, write: ChunkWrite, before: number) {
  const rows = await findChunkAssignments(trx, write, before);
  const byLearner = new Map<number, typeof rows>();
  for (const row of rows) byLearner.set(row.user_id, [...(byLearner.get(row.user_id) ?? []), row]);
  const now = new Date(plan.now);
  let notified = 0;
  for (const [userId, lines] of byLearner) {
    const first = lines[0]!;
    if (!first.email) continue;
    const email = composeAssignedEmail(first, lines, plan.companyName, plan.publicUrl);
    const deliveryId = await queueEmail(trx, {
      companyId: plan.pick.companyId,
      userId,
      type: 'assignment_created',
      recipient: first.email,
      assignmentId: first.id,
      ...email,
      now,
    });
    await enqueue(trx, {
      type: 'deliver_email',
      payload: { delivery_id: deliveryId },
      companyId: plan.pick.companyId,
      createdBy: plan.actorId,
      now,
    });
    notified++;
  }
  return notified;
}

/**
 * Writes the plan chunk by chunk, each chunk (its inserts, its e-mails, and `inChunk`'s own writes:
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
      const notified = plan.notify && created > 0 ? await notifyChunk(trx, plan, write, before) : 0;
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
