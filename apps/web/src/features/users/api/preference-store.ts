import type { PreferenceStore } from '../../../components/list-page/index.ts';
import { deletePreference } from './delete-preference.ts';
import { getPreference } from './get-preference.ts';
import { savePreference } from './save-preference.ts';

/** The list pages' saved views, kept through /users/preferences (spec §3, §7). */
export const userPreferenceStore: PreferenceStore = {
  load: getPreference,
  save: savePreference,
  remove: deletePreference,
};
