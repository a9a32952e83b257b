import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customFieldsRootKey } from './list-custom-fields-with-counts.ts';

/** The users list shows custom field values and columns: it refetches after a change here too. */
const usersListKey = ['users'] as const;

/** A change to the fields refetches every custom-field query and the users list. */
export function useFieldsMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customFieldsRootKey }),
        queryClient.invalidateQueries({ queryKey: usersListKey }),
      ]),
  });
}
