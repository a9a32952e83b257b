import { apiCall } from '../../../lib/api-client.ts';

/** Forgets one of the signed-in user's preferences (spec §7: DELETE /users/preferences with name). */
export const deletePreference = async (name: string): Promise<void> => {
  await apiCall('deletePreference', { query: { name } });
};
