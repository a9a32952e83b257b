import type { CustomFieldUpdateBody, customFieldUpdateResponse } from '@heed/contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { useFieldsMutation } from './use-fields-mutation.ts';

export type CustomFieldUpdateResult = z.output<typeof customFieldUpdateResponse>;

/** PUT /custom-fields/{id}: the field, and what happened to stored values when the change touched them. */
export const updateCustomField = (id: number, body: CustomFieldUpdateBody): Promise<CustomFieldUpdateResult> =>
  apiCall('updateCustomField', { params: { id }, body });

export const useUpdateCustomField = () =>
  useFieldsMutation(({ id, body }: { id: number; body: CustomFieldUpdateBody }) => updateCustomField(id, body));
