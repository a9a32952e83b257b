import type { CustomFieldConversion, CustomFieldType } from '@heed/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /custom-fields/{id}/conversion: how the values users hold fare under the new type and options. */
export const previewCustomFieldChange = (
  id: number,
  target: { type: CustomFieldType; options: string[] | null },
): Promise<CustomFieldConversion> =>
  apiCall('previewCustomFieldChange', {
    params: { id },
    query: { type: target.type, ...(target.options ? { options: JSON.stringify(target.options) } : {}) },
  }).then((response) => response.data);
