import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { reportsRoutes } from './reports.routes.ts';
import { ROLLUP_WINDOW_JOB, rollupWindowJob } from './rollups.job.ts';

/** Assignment reports (issue 18): the Home dashboard's `/reports/assignments/*` calls and their exports. */
export const reportsModule: HeedModule = {
  name: 'reports',
  routes: [reportsRoutes],
  jobs: [{ type: ROLLUP_WINDOW_JOB, run: rollupWindowJob, ...JOB_KINDS.heavy, every: 'day' }],
};

// For automated reports: the same criteria, reach and tables as the endpoints and their exports.
export { reportCriteria } from './reports.filters.ts';
export { reportSheet } from './reports-export.service.ts';
export { companyDepartmentLabel, customFieldsByKey } from './reports.repository.ts';
export type { ReportCriteria } from './reports.criteria.ts';
export {
  moveRollupWindow,
  rollupAssignmentCount,
  rollupCodedCount,
  rollupDrift,
  rollupTotalsDrift,
} from './reports-rollups.repository.ts';
export { leaderboardCandidates, learnerRollupDrift } from './reports-learners.repository.ts';
export { expiryRollupDrift } from './reports-expiries.repository.ts';
export { attributeRollupDrift } from './reports-attributes.repository.ts';
export { learnerPageRows } from './reports.repository.ts';
