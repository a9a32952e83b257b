import { idParam, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { jobsEndpointRoutes } from './endpoint-routes.ts';
import { job } from './jobs.ts';

/** The summary and schemas of each background job endpoint, joined to its route in `endpoints`. */
export const jobsEndpoints = {
  getJob: {
    summary:
      "A background job's status, progress and result (its creator's, or any of the company's for Company Managers)",
    params: idParam,
    response: single(job),
  },
  cancelJob: {
    summary:
      'Stops a background job (its creator, or a Company Manager): a queued one at once, a running one within a second or two; 409 once it has finished',
    params: idParam,
    response: single(job),
  },
} satisfies { [N in keyof typeof jobsEndpointRoutes]: EndpointSchemas };
