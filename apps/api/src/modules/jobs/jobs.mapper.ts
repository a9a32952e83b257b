import { JOB_STATUSES, type Job, type JobStatus } from '@heed/contract';
import type { JobRow } from '../../jobs/queue.repository.ts';

const isStatus = (value: string): value is JobStatus => (JOB_STATUSES as readonly string[]).includes(value);

function parseResult(result: string | null): unknown {
  if (result === null) return null;
  try {
    return JSON.parse(result);
  } catch {
    return null;
  }
}

/** The contract's Job. The error shows only once the job has failed (a retry in waiting is still queued). */
export function toJob(row: JobRow): Job {
  const status = isStatus(row.status) ? row.status : 'queued';
  return {
    id: row.id,
    type: row.type,
    status,
    progress: row.progress,
    total: row.total,
    result: parseResult(row.result),
    error: status === 'failed' ? (row.last_error ?? 'The job failed.') : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
