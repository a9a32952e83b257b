import { usersChanged } from '../../platform/user-changes.ts';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import { queueRegistrationNotifications } from '../notifications/index.ts';
import { auditRowsOf } from './chunk-audit.ts';
import { loadChunkLookups } from './import-lookups.repository.ts';
import { ROW_MESSAGES } from './import-messages.ts';
import {
  type ImportErrorRecord,
  type ImportRowRecord,
  advanceImport,
  insertImportErrors,
  upsertImportRows,
} from './import-progress.repository.ts';
import { type Written, createDepartments, writeUsers } from './chunk-writes.ts';
import { type AuditIdentity, insertAuditRows } from './import-writes.repository.ts';
import type { RowDraft } from './row-draft.ts';
import { type PlanContext, type RowPlan, planRow } from './row-plan.ts';
import { isConstraintError, writeTransaction } from './write-transaction.ts';

/** What a run knows for its whole length. */
export interface RunContext {
  db: Kysely<Database>;
  dialect: Dialect;
  importId: number;
  plan: PlanContext;
  who: AuditIdentity;
  now: () => Date;
}

export interface ChunkResult {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  deferred: number;
}

export interface ChunkProgress {
  /** Reading the file: the chunk's rows count as processed and move the watermark. Deferred rows do not. */
  fromFile: boolean;
  /** The last round of deferred rows: a manager still unknown fails the row. */
  finalRound: boolean;
}

const isWritten = (plan: RowPlan): plan is Written => plan.kind === 'create' || plan.kind === 'update';

function bookkeeping(plans: RowPlan[], idOf: Map<Written, number>) {
  const rows: ImportRowRecord[] = [];
  const errors: ImportErrorRecord[] = [];
  const result: ChunkResult = { created: 0, updated: 0, skipped: 0, failed: 0, deferred: 0 };
  for (const plan of plans) {
    if (plan.kind === 'create' || plan.kind === 'update') {
      rows.push([plan.row, plan.kind === 'create' ? 'created' : 'updated', idOf.get(plan)!, null]);
      result[plan.kind === 'create' ? 'created' : 'updated']++;
    } else if (plan.kind === 'skip') {
      rows.push([plan.row, 'skipped', plan.userId, null]);
      result.skipped++;
    } else if (plan.kind === 'defer') {
      rows.push([plan.row, 'deferred', plan.userId, JSON.stringify(plan.draft)]);
      result.deferred++;
    } else {
      rows.push([plan.row, 'failed', plan.userId, null]);
      for (const error of plan.errors) errors.push([plan.row, error.column, error.message, error.value]);
      result.failed++;
    }
  }
  return { rows, errors, result };
}

function planChunk(
  run: RunContext,
  drafts: RowDraft[],
  lookups: Awaited<ReturnType<typeof loadChunkLookups>>,
  finalRound: boolean,
) {
  const created = new Set<string>();
  return drafts.map((draft): RowPlan => {
    const plan = planRow(run.plan, draft, lookups, created);
    if (plan.kind !== 'defer' || !finalRound) return plan;
    const error = {
      column: run.plan.setup.headerOf.get('manager') ?? 'Manager',
      message: ROW_MESSAGES.managerNotFound,
      value: plan.managerRef,
    };
    return { kind: 'fail', row: plan.row, userId: plan.userId, errors: [error] };
  });
}

/** One chunk inside the open transaction `trx`: lookups, plans, every write, the rows' outcomes and the counts. */
async function writeChunk(run: RunContext, trx: Kysely<Database>, drafts: RowDraft[], progress: ChunkProgress) {
  const setup = run.plan.setup;
  const now = iso(run.now());
  const lookups = await loadChunkLookups(
    trx,
    run.plan.companyId,
    {
      emails: drafts.map((d) => d.email),
      usernames: drafts.map((d) => d.username),
      managers: drafts.map((d) => d.manager),
    },
    setup.options.update_existing,
  );
  const plans = planChunk(run, drafts, lookups, progress.finalRound);
  const written = plans.filter(isWritten);
  const departments = await createDepartments(run, trx, written, now);
  const idOf = await writeUsers(run, trx, written, now);
  if (setup.options.run_assignment_rules)
    await usersChanged(trx, run.plan.companyId, [...idOf.values()], {
      ...run.who,
      ip: run.who.ip ?? '',
      now: run.now,
      trigger: 'import',
    });
  await insertAuditRows(trx, run.dialect, run.who, auditRowsOf(run, written, idOf, departments), now);
  // Welcome messages through the notification pipeline (the schedule's user_registration rows), set-based.
  if (setup.options.send_welcome)
    await queueRegistrationNotifications(trx, {
      companyId: run.plan.companyId,
      userIds: written.filter((p) => p.kind === 'create').map((p) => idOf.get(p)!),
      now: run.now(),
    });
  const book = bookkeeping(plans, idOf);
  await upsertImportRows(trx, run.dialect, run.importId, book.rows);
  await insertImportErrors(trx, run.dialect, run.importId, 'import', book.errors);
  const { deferred: _deferred, ...counts } = book.result;
  await advanceImport(
    trx,
    run.importId,
    { ...counts, processed: progress.fromFile ? drafts.length : 0 },
    progress.fromFile ? drafts.at(-1)?.row : undefined,
  );
  return { result: book.result, departments };
}

/** One chunk in one transaction of its own. */
async function attempt(run: RunContext, drafts: RowDraft[], progress: ChunkProgress): Promise<ChunkResult> {
  const { result, departments } = await writeTransaction(run.db, run.dialect, (trx) =>
    writeChunk(run, trx, drafts, progress),
  );
  // Only now that they are committed may later chunks find the new departments.
  for (const { names, node } of departments) run.plan.departments.add(names, node);
  return result;
}

/**
 * One chunk inside a transaction that holds several (see TRANSACTION_ROWS), without any retry: a
 * constraint error is thrown, and the caller rolls the whole transaction back and applies its chunks
 * again with applyChunk. Its new departments are found by the later chunks of the transaction at once;
 * should it roll back, the caller reloads the department index.
 */
export async function applyChunkIn(
  run: RunContext,
  trx: Kysely<Database>,
  drafts: RowDraft[],
  progress: ChunkProgress,
): Promise<ChunkResult> {
  const { result, departments } = await writeChunk(run, trx, drafts, progress);
  for (const { names, node } of departments) run.plan.departments.add(names, node);
  return result;
}

/** A row the database refused on its own: it fails alone, recorded in its own transaction. */
async function failAlone(
  run: RunContext,
  draft: RowDraft,
  error: unknown,
  progress: ChunkProgress,
): Promise<ChunkResult> {
  const message = ROW_MESSAGES.notSaved(error instanceof Error ? error.message.slice(0, 200) : String(error));
  await writeTransaction(run.db, run.dialect, async (trx) => {
    await upsertImportRows(trx, run.dialect, run.importId, [[draft.row, 'failed', null, null]]);
    await insertImportErrors(trx, run.dialect, run.importId, 'import', [[draft.row, '', message, null]]);
    await advanceImport(
      trx,
      run.importId,
      { failed: 1, processed: progress.fromFile ? 1 : 0 },
      progress.fromFile ? draft.row : undefined,
    );
  });
  return { created: 0, updated: 0, skipped: 0, failed: 1, deferred: 0 };
}

const add = (a: ChunkResult, b: ChunkResult): ChunkResult => ({
  created: a.created + b.created,
  updated: a.updated + b.updated,
  skipped: a.skipped + b.skipped,
  failed: a.failed + b.failed,
  deferred: a.deferred + b.deferred,
});

/**
 * Applies a chunk of rows, each all or nothing. When the database refuses the chunk (a constraint
 * no check foresaw, e.g. a user created meanwhile by someone else), it is retried in halves down to
 * single rows, so one bad row fails alone. Any other error is thrown: the job retries later and
 * resumes after the last committed chunk.
 */
export async function applyChunk(run: RunContext, drafts: RowDraft[], progress: ChunkProgress): Promise<ChunkResult> {
  if (drafts.length === 0) return { created: 0, updated: 0, skipped: 0, failed: 0, deferred: 0 };
  try {
    return await attempt(run, drafts, progress);
  } catch (error) {
    if (!isConstraintError(error)) throw error;
    if (drafts.length === 1) {
      // Once more with fresh lookups: a user written meanwhile now shows up as taken.
      try {
        return await attempt(run, drafts, progress);
      } catch (again) {
        if (!isConstraintError(again)) throw again;
        return failAlone(run, drafts[0]!, again, progress);
      }
    }
    const middle = Math.ceil(drafts.length / 2);
    const left = await applyChunk(run, drafts.slice(0, middle), progress);
    return add(left, await applyChunk(run, drafts.slice(middle), progress));
  }
}
