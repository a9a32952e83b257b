import type { endpoints } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ResponseOf, apiCall, isApiError } from '../../../lib/api-client.ts';
import { sessionHint } from '../../../lib/session-hint.ts';

export type Me = ResponseOf<typeof endpoints.getMe>['data'];

export const meQueryKey = ['me'] as const;

/** The session's user; what the answer says about being signed in is kept as a hint (`sessionHint`). */
export const getMe = (signal?: AbortSignal) =>
  apiCall('getMe', { signal }).then(
    (response) => {
      sessionHint.signedIn();
      return response;
    },
    (error: unknown) => {
      if (isApiError(error, 403)) sessionHint.signedOut();
      throw error;
    },
  );

/** The signed-in user; a 403 means nobody is signed in. */
export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal).then((response) => response.data) });

export const useMe = () => useQuery(meQueryOptions());
