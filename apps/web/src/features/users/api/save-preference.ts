import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { preferenceKey } from './get-preference.ts';

/** Creates or replaces one of the signed-in user's preferences (spec §7: POST /users/preferences, data_type json). */
export const savePreference = async (name: string, value: unknown): Promise<void> => {
  await apiCall('savePreference', { body: { name, data_type: 'json', value } });
};

export const useSavePreference = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, value }: { name: string; value: unknown }) => savePreference(name, value),
    onSuccess: (_, { name, value }) => queryClient.setQueryData(preferenceKey(name), value),
  });
};
