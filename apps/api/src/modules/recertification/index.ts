import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { recertificationRoutes } from './recertification.routes.ts';
import { RENEWALS_JOB, renewalsJob } from './renewals.job.ts';

/** Recertification: the completion history kept for good, and the daily pass that makes renewal assignments. */
export const recertificationModule: HeedModule = {
  name: 'recertification',
  routes: [recertificationRoutes],
  jobs: [{ type: RENEWALS_JOB, run: renewalsJob, ...JOB_KINDS.heavy, every: 'day' }],
};

// For learning: the player records each completion in its completing transaction.
export { markRenewed, recordCompletion } from './completions.repository.ts';
export { renewDueCompletions } from './renewals.service.ts';
