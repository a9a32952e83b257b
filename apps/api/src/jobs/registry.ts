import { deliverEmailJobDefinition } from './deliver-email.job.ts';
import type { JobDefinition, JobEntry, JobLane } from './types.ts';

/**
 * Every job type the worker knows: its handler, its lane and its time budget (decision 056). A job
 * of another type fails without retries. The platform's e-mail job is here from the start; each
 * module's job definitions (`HeedModule.jobs`) join when the modules' list loads (modules/index.ts),
 * which the app and the worker both import. Filled from there rather than importing it: the modules'
 * services queue jobs, so the queue (which reads a type's lane here) must not import the modules.
 */
const entries: Record<string, JobEntry> = {};

/** The registry as it stands: read by the worker, the queue (`laneOf`) and cancel (`onStopped`). */
export const jobRegistry: Readonly<Record<string, JobEntry>> = entries;

/** Adds job types; the same definition again is a no-op, another one under a known type is an error. */
export function registerJobs(definitions: readonly JobDefinition[]): Readonly<Record<string, JobEntry>> {
  for (const { type, ...entry } of definitions) {
    const known = entries[type];
    const same =
      known?.run === entry.run &&
      known.lane === entry.lane &&
      known.budgetMinutes === entry.budgetMinutes &&
      known.onStopped === entry.onStopped &&
      known.every === entry.every;
    if (known && !same) throw new Error(`Two job definitions have the type "${type}".`);
    entries[type] = entry;
  }
  return jobRegistry;
}

registerJobs([deliverEmailJobDefinition]);

/** The lane a job of this type is queued in and claimed from: its definition's; `short` for a type none defines. */
export const laneOf = (type: string): JobLane => entries[type]?.lane ?? 'short';
