export { getJob, JOB_POLL_INTERVAL_MS, jobQueryKey, jobQueryOptions, useJob } from './get-job.ts';
export { JobProgress, type JobProgressProps } from './job-progress.tsx';
