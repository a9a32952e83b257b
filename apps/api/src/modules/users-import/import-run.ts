import { IMPORT_NOTES, ROLE, roleRank } from '@heed/contract';
import { iso } from '../../platform/clock.ts';
import { type ChunkResult, applyChunk, applyChunkIn } from './chunk-apply.ts';
import { FileDuplicates } from './file-duplicates.ts';
import {
  advanceImport,
  countDeferredRows,
  type DeactivationScope,
  listDeferredRows,
  listMissingUsers,
  suspendUsers,
} from './import-progress.repository.ts';
import { dataRows, openRowBatches } from './import-source.ts';
import { endSessions, insertAuditRows } from './import-writes.repository.ts';
import { type RowDraft, draftRow } from './row-draft.ts';
import { CHUNK_ROWS, type PreparedRun, TRANSACTION_ROWS, reloadDepartments } from './run-context.ts';
import { getImport, updateImport } from './users-import.repository.ts';
import { isConstraintError, writeTransaction } from './write-transaction.ts';

export type Progress = (done: number, total?: number) => Promise<void>;

/**
 * The file's rows after the import's watermark (`last_row`), drafted, CHUNK_ROWS at a time. Rows up to
 * the watermark were applied before a stop: they are only read again to rebuild the file's duplicate
 * check, never re-applied.
 */
async function* fileChunks(run: PreparedRun, signal?: AbortSignal): AsyncGenerator<RowDraft[]> {
  const duplicates = new FileDuplicates(run.plan.setup);
  const watermark = run.row.last_row;
  let chunk: RowDraft[] = [];
  for await (const batch of dataRows(openRowBatches(run.storage, run.spec, CHUNK_ROWS, signal), () => undefined)) {
    for (const raw of batch) {
      const draft = draftRow(raw, run.plan.setup);
      duplicates.check(draft);
      if (raw.row <= watermark) continue;
      chunk.push(draft);
      if (chunk.length < CHUNK_ROWS) continue;
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

const FROM_FILE = { fromFile: true, finalRound: false };

/**
 * Stage 1: the file, chunk by chunk, TRANSACTION_ROWS rows a transaction; progress is reported after each
 * commit. Should the database refuse a chunk, the transaction is rolled back and its chunks are applied
 * again one transaction each, a refused chunk in halves down to the row that fails alone. (Not savepoints
 * around each chunk: SQLite keeps a savepoint's copy of every page the chunk changes in memory, tens of
 * MB once the users indexes are large; decision 054.)
 */
async function applyFileRows(run: PreparedRun, progress: Progress, signal?: AbortSignal): Promise<void> {
  let processed = run.row.processed_rows;
  const total = run.row.total_rows > 0 ? run.row.total_rows : undefined;
  const chunks = fileChunks(run, signal);
  const nextChunk = async () => {
    const next = await chunks.next();
    return next.done ? null : next.value;
  };
  let pending = await nextChunk();
  while (pending) {
    const group: RowDraft[][] = [];
    try {
      await writeTransaction(run.db, run.dialect, async (trx) => {
        let rows = 0;
        while (pending && rows < TRANSACTION_ROWS) {
          const drafts = pending;
          pending = null;
          group.push(drafts);
          await applyChunkIn(run, trx, drafts, FROM_FILE);
          rows += drafts.length;
          pending = await nextChunk();
        }
      });
    } catch (error) {
      if (!isConstraintError(error)) throw error;
      await reloadDepartments(run);
      for (const drafts of group) await applyChunk(run, drafts, FROM_FILE);
      // A chunk refused before the commit: the file's next chunk is still to be read.
      pending ??= await nextChunk();
    }
    processed += group.reduce((sum, drafts) => sum + drafts.length, 0);
    await progress(processed, total);
  }
  await updateImport(run.db, run.importId, { total_rows: processed, stage: 'deferred' });
}

/**
 * Stage 2: rows whose manager was not a user yet (named further down the file), in rounds until a
 * round settles none; then the rest fail. Settled rows leave the deferred set in their chunk's
 * transaction, so a resumed stage simply goes on.
 */
async function settleDeferredRows(run: PreparedRun): Promise<void> {
  let finalRound = false;
  while ((await countDeferredRows(run.db, run.importId)) > 0) {
    let settled = 0;
    let afterRow = 0;
    for (;;) {
      const rows = await listDeferredRows(run.db, run.importId, afterRow, CHUNK_ROWS);
      if (rows.length === 0) break;
      const drafts = rows.map((row) => JSON.parse(row.data ?? '{}') as RowDraft);
      const result: ChunkResult = await applyChunk(run, drafts, { fromFile: false, finalRound });
      settled += drafts.length - result.deferred;
      afterRow = rows.at(-1)!.row_number;
    }
    if (finalRound) break;
    if (settled === 0) finalRound = true;
  }
  await updateImport(run.db, run.importId, { stage: 'deactivate' });
}

export function deactivationScope(run: PreparedRun): DeactivationScope {
  const actor = run.plan.actor;
  const rank = actor.site_admin === 1 ? Number.POSITIVE_INFINITY : roleRank(actor.role);
  return {
    companyId: run.plan.companyId,
    importId: run.importId,
    actorId: actor.id,
    departmentIds: run.plan.scope,
    excludedRoles: Object.values(ROLE).filter((role) => roleRank(role) > rank),
  };
}

/** Stage 3 (when chosen): users of the scope no row named are deactivated, a chunk per transaction, each audited. */
async function deactivateMissing(run: PreparedRun): Promise<void> {
  const scope = deactivationScope(run);
  for (;;) {
    const done = await writeTransaction(run.db, run.dialect, async (trx) => {
      const users = await listMissingUsers(trx, scope, 0, CHUNK_ROWS);
      if (users.length === 0) return true;
      const ids = users.map((u) => u.id);
      const now = iso(run.now());
      await suspendUsers(trx, ids, now);
      await endSessions(trx, ids);
      const entries = ids.map((id) => ({
        action: 'user.update',
        entityType: 'user',
        entityId: id,
        before: { suspended: false },
        after: { suspended: true, import_id: run.importId, reason: 'missing_from_import' },
      }));
      await insertAuditRows(trx, run.dialect, run.who, entries, now);
      await advanceImport(trx, run.importId, { deactivated: ids.length });
      return false;
    });
    if (done) return;
  }
}

/** The import's notes for its summary. */
export function importNotes(options: { run_assignment_rules: boolean; send_welcome: boolean }): string[] {
  return [
    ...(options.send_welcome ? [IMPORT_NOTES.welcomeQueued] : []),
    ...(options.run_assignment_rules ? [IMPORT_NOTES.assignmentRulesPending] : []),
  ];
}

async function finish(run: PreparedRun): Promise<void> {
  await writeTransaction(run.db, run.dialect, async (trx) => {
    const row = await getImport(trx, run.importId);
    if (row.status === 'completed') return;
    const now = iso(run.now());
    await updateImport(trx, run.importId, { status: 'completed', stage: 'done', finished_at: now, last_error: null });
    const counts = {
      created: row.created_count,
      updated: row.updated_count,
      deactivated: row.deactivated_count,
      skipped: row.skipped_count,
      failed: row.failed_count,
    };
    const options = run.plan.setup.options;
    await insertAuditRows(
      trx,
      run.dialect,
      run.who,
      [
        {
          action: 'users.import',
          entityType: 'import',
          entityId: run.importId,
          before: null,
          after: { file_name: row.file_name, rows: row.processed_rows, counts, options, notes: importNotes(options) },
        },
      ],
      now,
    );
  });
}

/** Runs (or resumes) an import from the stage it stands at. */
export async function runImport(run: PreparedRun, progress: Progress, signal?: AbortSignal): Promise<void> {
  const stage = run.row.stage ?? 'rows';
  if (stage === 'rows') await applyFileRows(run, progress, signal);
  if (stage === 'rows' || stage === 'deferred') await settleDeferredRows(run);
  if (run.plan.setup.options.deactivate_missing && stage !== 'done') await deactivateMissing(run);
  await finish(run);
}
