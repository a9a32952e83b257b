import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { ASSIGNMENTS_BULK_JOB, assignmentsBulkJob } from './assignments-bulk.job.ts';
import { ASSIGNMENTS_CREATE_JOB, assignmentsCreateJob } from './assignments-create.job.ts';
import { assignmentsRoutes } from './assignments.routes.ts';

/** Links to an assignment's details page (no sign-in), for e-mails: decisions 065 and 083. */
/** The create path's pieces the assignment rules reuse (helper B, issue 16 item 5). */
export {
  type LearnerPick,
  type PickPart,
  type PickPlan,
  type RulePick,
  excludedCondition,
  findCoursesFor,
  insertChunk,
  openAssignmentCondition,
  pickWhere,
  saveJobProgress,
} from './assignments-create.repository.ts';
export {
  ASSIGNMENT_WRITE_LOCK,
  type CreatePlan,
  type CreateProgress,
  emptyProgress,
  runCreate,
} from './assignments-create.runner.ts';

/** Assignments (issue 16): the console's list and export, New assignment, bulk actions and Assignment Details. */
export const assignmentsModule: HeedModule = {
  name: 'assignments',
  routes: [assignmentsRoutes],
  jobs: [
    /** POST /assignments over 1,000 learners: chunk by chunk on the heavy lane, with progress. */
    { type: ASSIGNMENTS_CREATE_JOB, run: assignmentsCreateJob, ...JOB_KINDS.heavy },
    /** PUT /assignments over 1,000 assignments: chunk by chunk on the heavy lane, with progress. */
    { type: ASSIGNMENTS_BULK_JOB, run: assignmentsBulkJob, ...JOB_KINDS.heavy },
  ],
};
