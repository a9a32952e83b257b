import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { ASSIGNMENTS_CREATE_JOB, assignmentsCreateJob } from './assignments-create.job.ts';
import { assignmentsRoutes } from './assignments.routes.ts';

/** Assignments (issue 16): the console's list and export, and New assignment with its job. */
export const assignmentsModule: HeedModule = {
  name: 'assignments',
  routes: [assignmentsRoutes],
  jobs: [
    /** POST /assignments over 1,000 learners: chunk by chunk on the heavy lane, with progress. */
    { type: ASSIGNMENTS_CREATE_JOB, run: assignmentsCreateJob, ...JOB_KINDS.heavy },
  ],
};
