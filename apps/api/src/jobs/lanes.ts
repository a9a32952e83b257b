import type { JobLane } from './types.ts';

/**
 * The job types of the heavy lane (imports, bulk changes: long work a person is not waiting on);
 * every other type is short (decision 045). Here, apart from the registry, because the queue needs
 * a type's lane when it is queued and the registry imports every handler, which import the queue.
 * The registry's entries say the same lanes, which a test holds them to.
 */
const HEAVY_JOB_TYPES: ReadonlySet<string> = new Set(['users_import', 'users_bulk']);

/** The lane a job of this type is queued in and claimed from. */
export const laneOf = (type: string): JobLane => (HEAVY_JOB_TYPES.has(type) ? 'heavy' : 'short');
