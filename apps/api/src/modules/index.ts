import { registerJobs } from '../jobs/registry.ts';
import type { HeedModule } from '../platform/module.ts';
import { assignmentRulesModule } from './assignment-rules/index.ts';
import { assignmentsModule } from './assignments/index.ts';
import { assessmentReportsModule } from './assessment-reports/index.ts';
import { automatedReportsModule } from './automated-reports/index.ts';
import { auditLogsModule } from './audit-logs/index.ts';
import { courseActivityModule } from './course-activity/index.ts';
import { authModule } from './auth/index.ts';
import { certificatesModule } from './certificates/index.ts';
import { companiesModule } from './companies/index.ts';
import { courseMediaModule } from './course-media/index.ts';
import { coursesModule } from './courses/index.ts';
import { customFieldsModule } from './custom-fields/index.ts';
import { departmentsModule } from './departments/index.ts';
import { jobsModule } from './jobs/index.ts';
import { learningModule } from './learning/index.ts';
import { notificationTemplatesModule } from './notification-templates/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { passwordResetModule } from './password-reset/index.ts';
import { reportsModule } from './reports/index.ts';
import { usersImportModule } from './users-import/index.ts';
import { usersModule } from './users/index.ts';
import { scimModule } from './scim/index.ts';
import { samlModule } from './saml/index.ts';
import { recertificationModule } from './recertification/index.ts';

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
  notificationTemplatesModule,
  notificationsModule,
  learningModule,
  coursesModule,
  courseMediaModule,
  certificatesModule,
  recertificationModule,
  assignmentsModule,
  assignmentRulesModule,
  assessmentReportsModule,
  auditLogsModule,
  courseActivityModule,
  reportsModule,
  automatedReportsModule,
  scimModule,
  samlModule,
];

/**
 * The job registry with every module's job types in it, registered as this list loads: whatever
 * loads it (the app, a worker, a script running jobs) queues each type in the lane its definition
 * names and finds its handler. The queue cannot import this list, as the modules import the queue.
 */
export const jobRegistry = registerJobs(heedModules.flatMap((domain) => domain.jobs));
