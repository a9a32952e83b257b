import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../../lib/api-client.ts';
import { broadcastLogout } from '../../../lib/broadcast.ts';
import { clearProductStorage } from '../../../lib/storage.ts';

/** Ends the session; a session that already ended (403) counts as signed out. */
export const logout = () =>
  apiCall('logout').catch((error: unknown) => {
    if (!isApiError(error, 403)) throw error;
  });

/**
 * Ends the session and forgets everything kept for the user: cached server state and the product's
 * stored keys (the colour scheme stays); open console windows are told ('logged-out'). The console's
 * own sign-out (with its logout address) is admin/app/sign-out.ts.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      clearProductStorage();
      broadcastLogout();
    },
    onError: (error) => notifications.show({ color: 'red', title: "Couldn't sign you out", message: error.message }),
  });
}
