import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { preferenceKey } from './get-preference.ts';

/** Forgets one of the signed-in user's preferences (spec §7: DELETE /users/preferences with name). */
export const deletePreference = async (name: string): Promise<void> => {
  await apiCall('deletePreference', { query: { name } });
};

export const useDeletePreference = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deletePreference(name),
    onSuccess: (_, name) => queryClient.setQueryData(preferenceKey(name), null),
  });
};
