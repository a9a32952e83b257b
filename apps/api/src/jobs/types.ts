import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/create-db.ts';
import type { Database } from '../db/types.ts';
import type { JobRow } from '../platform/jobs.ts';

/** The subset of a pino logger the worker uses; the worker thread forwards it to the server's log. */
export interface WorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  job: JobRow;
  /** The parsed payload; handlers validate it themselves. */
  payload: unknown;
  /** True on the job's last allowed attempt: a failure now is final. */
  isLastAttempt: boolean;
  log: WorkerLog;
  now(): Date;
  /** Records progress (shown by the console) and renews the worker's lease on the job. */
  progress(done: number, total?: number): Promise<void>;
}

/** Runs one job; what it returns is stored as the job's result. Throwing schedules a retry. */
export type JobHandler = (ctx: JobContext) => Promise<unknown>;

/** A failure that retrying cannot fix (a bad payload, a deleted record): the job fails at once. */
export class PermanentJobError extends Error {}
