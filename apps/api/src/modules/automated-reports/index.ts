import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { automatedReportsRoutes } from './automated-reports.routes.ts';
import { AUTOMATED_REPORTS_SWEEP_JOB, automatedReportRunJob, automatedReportsSweepJob, onRunStopped } from './jobs.ts';
import { AUTOMATED_REPORT_RUN_JOB } from './runs.service.ts';

/** Automated Reports (issue 18 item 5, decision 076): saved reports, their schedule, runs, files and e-mails. */
export const automatedReportsModule: HeedModule = {
  name: 'automated-reports',
  routes: [automatedReportsRoutes],
  jobs: [
    /** One run: a file per recipient, cut to their reach, and an e-mail each through the delivery pipeline. */
    { type: AUTOMATED_REPORT_RUN_JOB, run: automatedReportRunJob, ...JOB_KINDS.heavy, onStopped: onRunStopped },
    /** Every hour: the runs due before the next sweep, once each. */
    { type: AUTOMATED_REPORTS_SWEEP_JOB, run: automatedReportsSweepJob, ...JOB_KINDS.heavy, every: 'hour' },
  ],
};

// For the demo seed, tests and scripts: where run files live, the sweep and a run, without the worker.
export { reportStorage } from './jobs.ts';
export { sweepDueReports } from './sweep.ts';
export { executeRun } from './run-execution.ts';
export { writeRecipientFile } from './report-files.ts';
export { nextRunAfter } from './schedule.ts';
