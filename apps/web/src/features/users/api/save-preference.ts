import { apiCall } from '../../../lib/api-client.ts';

/** Creates or replaces one of the signed-in user's preferences (spec §7: POST /users/preferences, data_type json). */
export const savePreference = async (name: string, value: unknown): Promise<void> => {
  await apiCall('savePreference', { body: { name, data_type: 'json', value } });
};
