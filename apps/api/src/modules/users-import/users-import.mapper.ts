import type { ImportStatus, UserImport, UserImportSummary } from '@heed/contract';
import { importNotes } from './import-run.ts';
import { parseHeaders, parseMapping, parseOptions } from './run-context.ts';
import type { ImportRow } from './users-import.repository.ts';

/** The job behind an import, when it has one: a job out of attempts means the import failed. */
export interface JobState {
  status: string;
  last_error: string | null;
}

const RUNNING = new Set(['validating', 'queued', 'running']);

export function effectiveStatus(
  row: ImportRow,
  job: JobState | undefined,
): { status: ImportStatus; lastError: string | null } {
  if (RUNNING.has(row.status) && job?.status === 'failed')
    return { status: 'failed', lastError: job.last_error ?? row.last_error };
  return { status: row.status as ImportStatus, lastError: row.last_error };
}

export function toImportSummary(row: ImportRow, creator: string | null, job: JobState | undefined): UserImportSummary {
  return {
    id: row.id,
    file_name: row.file_name,
    format: row.format as UserImportSummary['format'],
    status: effectiveStatus(row, job).status,
    // 0 is stored while the count is unknown (an XLSX without a dimension): files without rows are refused.
    total_rows: row.total_rows > 0 ? row.total_rows : null,
    processed_rows: row.processed_rows,
    counts: {
      created: row.created_count,
      updated: row.updated_count,
      deactivated: row.deactivated_count,
      skipped: row.skipped_count,
      failed: row.failed_count,
    },
    error_rows: row.failed_count,
    created_by: row.created_by !== null && creator !== null ? { id: row.created_by, name: creator } : null,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

export function toUserImport(row: ImportRow, creator: string | null, job: JobState | undefined): UserImport {
  const options = parseOptions(row.options);
  const dryRun = row.dry_run ? (JSON.parse(row.dry_run) as UserImport['dry_run']) : null;
  return {
    ...toImportSummary(row, creator, job),
    file_size: row.file_size,
    delimiter: row.delimiter,
    encoding: row.encoding,
    headers: parseHeaders(row.headers),
    sample: JSON.parse(row.sample ?? '[]') as string[][],
    mapping: parseMapping(row.mapping),
    options,
    dry_run: dryRun,
    notes: importNotes(options),
    job_id: row.job_id,
    last_error: effectiveStatus(row, job).lastError,
  };
}
