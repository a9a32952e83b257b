import { apiCall } from '../../../lib/api-client.ts';
import { useFieldsMutation } from './use-fields-mutation.ts';

/** DELETE /custom-fields/{id}: the field and every value users held; resolves with how many values went. */
export const deleteCustomField = (id: number): Promise<number> =>
  apiCall('deleteCustomField', { params: { id } }).then((response) => response.data.values_deleted);

export const useDeleteCustomField = () => useFieldsMutation(deleteCustomField);
