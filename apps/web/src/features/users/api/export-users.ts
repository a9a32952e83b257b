import { API_PREFIX, API_VERSION_PREFIX } from '@heed/contract';

/**
 * The users export (GET /api/v3/users/export?format=csv|xlsx&<the list's filters>): the list page's
 * Export menu downloads the current filter through it.
 */
export const USERS_EXPORT_URL = `${API_PREFIX}${API_VERSION_PREFIX}/users/export`;
