import type { PreferenceStore } from '../../../components/list-page/list-preferences.ts';
import { savedViewQueryOptions } from '../../../components/list-page/saved-view-query.ts';
import { deletePreference } from './delete-preference.ts';
import { getPreference } from './get-preference.ts';
import { savePreference } from './save-preference.ts';

/** The list pages' saved views, kept through /users/preferences (spec §3, §7). */
export const userPreferenceStore: PreferenceStore = {
  load: getPreference,
  save: savePreference,
  remove: deletePreference,
};

/** The users list's saved view is stored under this preference name (spec §3). */
export const USERS_LIST_PREFERENCE = 'users-list';

/** The read of the users list's saved view; its route starts it beside the session (decision 057). */
export const usersListViewQuery = () => savedViewQueryOptions(USERS_LIST_PREFERENCE, { load: getPreference });
