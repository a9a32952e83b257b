import { registerJobs } from '../jobs/registry.ts';
import type { HeedModule } from '../platform/module.ts';
import { assignmentsModule } from './assignments/index.ts';
import { authModule } from './auth/index.ts';
import { certificatesModule } from './certificates/index.ts';
import { companiesModule } from './companies/index.ts';
import { courseMediaModule } from './course-media/index.ts';
import { coursesModule } from './courses/index.ts';
import { customFieldsModule } from './custom-fields/index.ts';
import { departmentsModule } from './departments/index.ts';
import { jobsModule } from './jobs/index.ts';
import { learningModule } from './learning/index.ts';
import { passwordResetModule } from './password-reset/index.ts';
import { usersImportModule } from './users-import/index.ts';
import { usersModule } from './users/index.ts';

/** Every domain of the API, one line each, in the order app.ts registers their routes. */
export const heedModules: readonly HeedModule[] = [
  authModule,
  companiesModule,
  customFieldsModule,
  departmentsModule,
  usersModule,
  usersImportModule,
  jobsModule,
  passwordResetModule,
  learningModule,
  coursesModule,
  courseMediaModule,
  certificatesModule,
  assignmentsModule,
];

/**
 * The job registry with every module's job types in it, registered as this list loads: whatever
 * loads it (the app, a worker, a script running jobs) queues each type in the lane its definition
 * names and finds its handler. The queue cannot import this list, as the modules import the queue.
 */
export const jobRegistry = registerJobs(heedModules.flatMap((domain) => domain.jobs));
