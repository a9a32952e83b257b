import { z } from 'zod';
import { timestamp } from '../common.ts';

/** A background job's state (the worker's queue): queued → running → completed, or failed after its retries. */
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A background job as the console follows it: status, progress (processed of total) and the result. */
export const job = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int().describe('items processed so far'),
  total: z.number().int().describe('items to process (0 until known)'),
  result: z.unknown().nullable().describe("the job's outcome (its type's summary); partial while it runs"),
  error: z.string().nullable().describe('why the job failed, when it did'),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Job = z.infer<typeof job>;

export const isJobFinished = (status: JobStatus): boolean => status === 'completed' || status === 'failed';
