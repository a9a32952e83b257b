import type { HeedModule } from '../../platform/module.ts';
import { jobsRoutes } from './jobs.routes.ts';

/** A job's progress and its cancelling, over HTTP (the queue and the worker are in src/jobs/). */
export const jobsModule: HeedModule = { name: 'jobs', routes: [jobsRoutes], jobs: [] };
