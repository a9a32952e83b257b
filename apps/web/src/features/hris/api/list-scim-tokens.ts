import type { ScimTokenList } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Every HRIS query starts with this: a token change refetches them all. */
export const hrisRootKey = ['hris'] as const;

/** GET /scim/tokens: the company's tokens (never their secrets) and the SCIM base URL. */
export const listScimTokens = (signal?: AbortSignal): Promise<ScimTokenList> => apiCall('listScimTokens', { signal });

export const scimTokensQueryOptions = () =>
  queryOptions({ queryKey: [...hrisRootKey, 'tokens'], queryFn: ({ signal }) => listScimTokens(signal) });

export const useScimTokens = () => useQuery(scimTokensQueryOptions());
