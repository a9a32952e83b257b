import { apiCall } from '../../../lib/api-client.ts';

/** Ends impersonation (spec §4, §7: POST /login/as with action=revert); the session becomes the impersonator's again. */
export const revertImpersonation = () => apiCall('loginAs', { body: { action: 'revert' } });
