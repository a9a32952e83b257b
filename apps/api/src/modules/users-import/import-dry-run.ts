import type { ImportCounts } from '@heed/contract';
import { iso } from '../../platform/clock.ts';
import { FileDuplicates, IdBitmap } from './file-duplicates.ts';
import { KeySet } from './file-keys.ts';
import { deactivationScope, type Progress } from './import-run.ts';
import { loadChunkLookups } from './import-lookups.repository.ts';
import { ROW_MESSAGES } from './import-messages.ts';
import {
  type ImportErrorRecord,
  clearImportErrors,
  insertImportErrors,
  listMissingUsers,
} from './import-progress.repository.ts';
import { dataRows, openRowBatches } from './import-source.ts';
import { type RowDraft, draftRow } from './row-draft.ts';
import { planRow } from './row-plan.ts';
import { CHUNK_ROWS, type PreparedRun } from './run-context.ts';
import { updateImport } from './users-import.repository.ts';
import { writeTransaction } from './write-transaction.ts';

interface DryRunState {
  counts: ImportCounts;
  duplicates: FileDuplicates;
  /** Usernames and e-mails of rows that would create a user: managers for rows further down. */
  created: KeySet;
  /** Users some row names (matched, even if the row fails): never "missing from the file". */
  named: IdBitmap;
  /** Rows whose manager is not a user (yet): settled once the whole file is read. */
  waiting: { row: number; ref: string; creates: boolean }[];
  rows: number;
}

/** One chunk checked exactly as the run would plan it, changing nothing but the error list and the progress. */
async function checkChunk(run: PreparedRun, state: DryRunState, drafts: RowDraft[]): Promise<void> {
  const setup = run.plan.setup;
  const lookups = await loadChunkLookups(
    run.db,
    run.plan.companyId,
    {
      emails: drafts.map((d) => d.email),
      usernames: drafts.map((d) => d.username),
      managers: drafts.map((d) => d.manager),
    },
    setup.options.update_existing,
  );
  const errors: ImportErrorRecord[] = [];
  for (const draft of drafts) {
    const plan = planRow(run.plan, draft, lookups, state.created);
    if (plan.kind === 'create' || plan.kind === 'update') {
      state.counts[plan.kind === 'create' ? 'created' : 'updated']++;
      if (plan.kind === 'update') state.named.add(plan.user.id);
    } else {
      if (plan.userId !== null) state.named.add(plan.userId);
      if (plan.kind === 'skip') state.counts.skipped++;
      else if (plan.kind === 'defer') {
        state.waiting.push({ row: plan.row, ref: plan.managerRef, creates: plan.userId === null });
        if (plan.userId === null) for (const key of [draft.username, draft.email]) if (key) state.created.add(key);
      } else {
        state.counts.failed++;
        for (const error of plan.errors) errors.push([plan.row, error.column, error.message, error.value]);
      }
    }
  }
  state.rows += drafts.length;
  await writeTransaction(run.db, run.dialect, async (trx) => {
    await insertImportErrors(trx, run.dialect, run.importId, 'dry_run', errors);
    await updateImport(trx, run.importId, { processed_rows: state.rows });
  });
}

/** Rows that waited for a manager: fine when a row of the file creates that manager, else they fail. */
async function settleWaiting(run: PreparedRun, state: DryRunState): Promise<void> {
  const column = run.plan.setup.headerOf.get('manager') ?? 'Manager';
  const errors: ImportErrorRecord[] = [];
  for (const waiting of state.waiting) {
    if (state.created.has(waiting.ref)) state.counts[waiting.creates ? 'created' : 'updated']++;
    else {
      state.counts.failed++;
      errors.push([waiting.row, column, ROW_MESSAGES.managerNotFound, waiting.ref]);
    }
  }
  await insertImportErrors(run.db, run.dialect, run.importId, 'dry_run', errors);
}

/** How many users "deactivate users missing from the file" would deactivate. */
async function countMissing(run: PreparedRun, named: IdBitmap): Promise<number> {
  const scope = deactivationScope(run);
  let missing = 0;
  let afterId = 0;
  for (;;) {
    const users = await listMissingUsers(run.db, scope, afterId, 10_000, false);
    if (users.length === 0) return missing;
    for (const user of users) if (!named.has(user.id)) missing++;
    afterId = users.at(-1)!.id;
  }
}

/**
 * Checks every row as the run would (same plan, same rules, same lookups against the database as
 * it is now) and lists the errors; writes no user. Predicts the summary's counts.
 */
export async function dryRunImport(run: PreparedRun, progress: Progress, signal?: AbortSignal): Promise<void> {
  await clearImportErrors(run.db, run.importId, 'dry_run');
  const state: DryRunState = {
    counts: { created: 0, updated: 0, deactivated: 0, skipped: 0, failed: 0 },
    duplicates: new FileDuplicates(run.plan.setup),
    created: new KeySet(),
    named: new IdBitmap(),
    waiting: [],
    rows: 0,
  };
  const total = run.row.total_rows > 0 ? run.row.total_rows : undefined;
  let chunk: RowDraft[] = [];
  for await (const batch of dataRows(openRowBatches(run.storage, run.spec, CHUNK_ROWS, signal), () => undefined)) {
    for (const raw of batch) {
      const draft = draftRow(raw, run.plan.setup);
      state.duplicates.check(draft);
      chunk.push(draft);
      if (chunk.length < CHUNK_ROWS) continue;
      await checkChunk(run, state, chunk);
      chunk = [];
      await progress(state.rows, total);
    }
  }
  if (chunk.length > 0) await checkChunk(run, state, chunk);
  await settleWaiting(run, state);
  if (run.plan.setup.options.deactivate_missing) state.counts.deactivated = await countMissing(run, state.named);
  const errorRows = state.counts.failed;
  await updateImport(run.db, run.importId, {
    status: 'validated',
    total_rows: state.rows,
    processed_rows: state.rows,
    last_error: null,
    dry_run: JSON.stringify({
      rows: state.rows,
      counts: state.counts,
      error_rows: errorRows,
      finished_at: iso(run.now()),
    }),
  });
}
