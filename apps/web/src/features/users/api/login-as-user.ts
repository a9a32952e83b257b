import { ROUTER_BASE } from '@heed/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * Starts impersonating a user (POST /login/as with user_id; the header's return button ends it).
 * The session becomes theirs, so the console starts afresh: it loads anew at its home, and a
 * learner is sent on to the learner side from there.
 */
async function loginAsUser(userId: number): Promise<void> {
  await apiCall('loginAs', { body: { user_id: userId } });
  window.location.assign(`${window.location.origin}${ROUTER_BASE}`);
}

export const useLoginAsUser = () => useMutation({ mutationFn: loginAsUser });
