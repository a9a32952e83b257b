import type { PreferenceStore } from '../../../components/list-page/list-preferences.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** The courses list's saved view is stored under this preference name (spec §3). */
export const COURSES_LIST_PREFERENCE = 'courses-list';

/** The list's saved view, kept through /users/preferences (data_type json), as the users list keeps its own. */
export const coursePreferenceStore: PreferenceStore = {
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
