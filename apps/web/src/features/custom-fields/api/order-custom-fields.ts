import type { CustomField } from '@heed/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { useFieldsMutation } from './use-fields-mutation.ts';

/** PUT /custom-fields/order: every field's id in the new order. */
export const orderCustomFields = (ids: number[]): Promise<CustomField[]> =>
  apiCall('orderCustomFields', { body: { ids } }).then((response) => response.data);

export const useOrderCustomFields = () => useFieldsMutation(orderCustomFields);
