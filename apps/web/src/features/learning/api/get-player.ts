import type { PlayerState } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

export const playerQueryKey = (assignmentId: number) => ['my', 'player', assignmentId] as const;

/** The player of one of the learner's assignments (GET /my/assignments/{id}/player). */
export const getPlayer = (assignmentId: number, signal?: AbortSignal): Promise<PlayerState> =>
  apiCall('getMyPlayer', { params: { id: assignmentId }, signal }).then((response) => response.data);

export const playerQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: playerQueryKey(assignmentId),
    queryFn: ({ signal }) => getPlayer(assignmentId, signal),
    // The player is the learner's own state: never show an older copy as current after a step.
    staleTime: 0,
  });

export const usePlayer = (assignmentId: number) => useQuery(playerQueryOptions(assignmentId));
