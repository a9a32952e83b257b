import type { HeedModule } from '../../platform/module.ts';
import { assessmentReportsRoutes } from './assessment-reports.routes.ts';

/** Assessment reports (issue 18): course, learner and topic results with item analysis. */
export const assessmentReportsModule: HeedModule = {
  name: 'assessment-reports',
  routes: [assessmentReportsRoutes],
  jobs: [],
};
