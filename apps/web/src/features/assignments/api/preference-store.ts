import type { PreferenceStore } from '../../../components/list-page/list-preferences.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** The list's saved view is stored under this preference name (spec §3), beside the users list's. */
export const ASSIGNMENTS_LIST_PREFERENCE = 'assignments-list';

/** Saved views through /users/preferences (spec §7: data_type json), as the users list keeps its own. */
export const assignmentsPreferenceStore: PreferenceStore = {
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
