import { type Job, isJobFinished } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client.ts';

/** How often a running job is asked for its progress. */
const JOB_POLL_INTERVAL_MS = 1000;

const jobQueryKey = (id: number) => ['jobs', id] as const;

/** A background job's status, progress and result (GET /jobs/{id}). */
export const getJob = (id: number, signal?: AbortSignal): Promise<Job> =>
  apiCall('getJob', { params: { id }, signal }).then((response) => response.data);

/** Polls the job until it has completed or failed. */
const jobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: jobQueryKey(id),
    queryFn: ({ signal }) => getJob(id, signal),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isJobFinished(job.status) ? false : JOB_POLL_INTERVAL_MS;
    },
    // A job's state only moves forward: never show an older answer after a newer one.
    staleTime: 0,
  });

export const useJob = (id: number) => useQuery(jobQueryOptions(id));
