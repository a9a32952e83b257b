import { API_PREFIX, API_VERSION_PREFIX } from '@heed/contract';

/** GET /api/v3/assignments/export?format=csv|xlsx&<the list's filters>: the Export menu downloads the current filter. */
export const ASSIGNMENTS_EXPORT_URL = `${API_PREFIX}${API_VERSION_PREFIX}/assignments/export`;
