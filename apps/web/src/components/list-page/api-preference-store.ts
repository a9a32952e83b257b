import { apiCall } from '../../lib/api-client.ts';
import type { PreferenceStore } from './list-preferences.ts';

/** A list's saved view, kept through /users/preferences (spec §3, §7: data_type json). */
export const apiPreferenceStore: PreferenceStore = {
  load: (name, signal) =>
    apiCall('getPreference', { query: { name, data_type: 'json' }, signal }).then(
      (response) => response.data?.value ?? null,
    ),
  save: async (name, value) => {
    await apiCall('savePreference', { body: { name, data_type: 'json', value } });
  },
  remove: async (name) => {
    await apiCall('deletePreference', { query: { name } });
  },
};
