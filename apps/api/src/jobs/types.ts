import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/create-db.ts';
import type { Database } from '../db/types.ts';
import type { JobRow } from './queue.repository.ts';

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
  /**
   * Aborted when the job is cancelled or its time budget is spent; its reason is a JobStoppedError.
   * Pass it on to long work, or call `signal.throwIfAborted()` between chunks.
   */
  signal: AbortSignal;
}

/** Runs one job; what it returns is stored as the job's result. Throwing schedules a retry. */
export type JobHandler = (ctx: JobContext) => Promise<unknown>;

/**
 * Which worker loop runs a job: `short` for what a person is waiting for (e-mails, password resets),
 * `heavy` for long work (imports, bulk changes). A heavy job never delays a short one (decision 056).
 */
export const JOB_LANES = ['short', 'heavy'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/** What a hook sees of a job that was stopped (cancelled, or out of time) after it settled. */
export interface StoppedJobContext {
  db: Kysely<Database>;
  job: JobRow;
  log: WorkerLog;
  now(): Date;
}

/** A job type as the registry holds it (registry.ts), keyed by its type. */
export interface JobEntry {
  run: JobHandler;
  lane: JobLane;
  /** How long one attempt may run before its signal aborts and the job fails. */
  budgetMinutes: number;
  /** Called once a stopped job has settled (or was cancelled before it started): tidy up its records. */
  onStopped?: (ctx: StoppedJobContext, reason: string) => Promise<void>;
  /**
   * Periodic work (schedules.ts): the worker queues one job of this type per UTC hour or day, with
   * the period in its payload (`{ period: '2026-11-27' }` or `'2026-11-27T13'`), whatever the number
   * of workers or restarts. The handler does the whole period's work, set-based and idempotent.
   */
  every?: SchedulePeriod;
}

/** How often a scheduled job type is queued: once per UTC hour, or once per UTC day. */
export type SchedulePeriod = 'hour' | 'day';

/** A job type as a module declares it (its `HeedModule.jobs`, platform/module.ts). */
export interface JobDefinition extends JobEntry {
  /** The `jobs.type` its jobs are queued with. */
  type: string;
}

/** The lane and time budget of the two kinds of job there are (decision 056). */
export const JOB_KINDS = {
  /** One e-mail is one SMTP conversation: two minutes covers a slow server, not a hung one. */
  email: { lane: 'short', budgetMinutes: 2 },
  /** Long work, chunk by chunk: a stopped import or bulk change resumes after its last committed chunk. */
  heavy: { lane: 'heavy', budgetMinutes: 30 },
} as const satisfies Record<string, Pick<JobEntry, 'lane' | 'budgetMinutes'>>;

/** A failure that retrying cannot fix (a bad payload, a deleted record): the job fails at once. */
export class PermanentJobError extends Error {}

/** The reason of an aborted job signal: the job was cancelled or ran out of time. Never retried. */
export class JobStoppedError extends PermanentJobError {}
