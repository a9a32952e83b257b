export { getJob, useJob } from './get-job.ts';
export { JobProgress, type JobProgressProps } from './job-progress.tsx';
