import { apiCall } from '../../../lib/api-client.ts';

/** One of the signed-in user's preferences, or null when never saved (spec §7: GET /users/preferences, data_type json). */
export const getPreference = (name: string, signal?: AbortSignal): Promise<unknown> =>
  apiCall('getPreference', { query: { name, data_type: 'json' }, signal }).then(
    (response) => response.data?.value ?? null,
  );
