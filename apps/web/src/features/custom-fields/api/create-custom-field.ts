import type { CustomField, CustomFieldCreateBody } from '@heed/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { useFieldsMutation } from './use-fields-mutation.ts';

/** POST /custom-fields: a new field, placed last. */
export const createCustomField = (body: CustomFieldCreateBody): Promise<CustomField> =>
  apiCall('createCustomField', { body }).then((response) => response.data);

export const useCreateCustomField = () => useFieldsMutation(createCustomField);
