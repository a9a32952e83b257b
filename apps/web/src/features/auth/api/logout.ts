import { endpoints } from '@heed/contract';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../../lib/api-client.ts';

/** Ends the session; a session that already ended (403) counts as signed out. */
export const logout = () =>
  apiCall(endpoints.logout).catch((error: unknown) => {
    if (!isApiError(error, 403)) throw error;
  });

/** Ends the session and forgets everything cached for the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => queryClient.clear(),
    onError: (error) => notifications.show({ color: 'red', title: "Couldn't sign you out", message: error.message }),
  });
}
