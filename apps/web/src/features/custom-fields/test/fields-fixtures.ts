import type { CustomFieldConversion, CustomFieldListItem } from '@heed/contract';
import { json } from '../../../components/list-page/testing.tsx';

export const FIELDS_URL = '/api/v3/custom-fields';

export const SITE: CustomFieldListItem = {
  id: 1,
  key: 'site',
  label: 'Site',
  type: 'text',
  options: null,
  required: false,
  show_in_table: true,
  position: 0,
  user_count: 42,
};

export const LOCATION: CustomFieldListItem = {
  id: 2,
  key: 'location',
  label: 'Location',
  type: 'select',
  options: ['Detroit, MI', 'Toledo, OH', 'Remote'],
  required: true,
  show_in_table: false,
  position: 1,
  user_count: 7,
};

export const fieldsAnswer = (fields: CustomFieldListItem[]) => json({ data: fields });

export const SITE_TO_NUMBER: CustomFieldConversion = {
  users: 42,
  convertible: 38,
  changed: 2,
  unconvertible: 4,
  examples: [
    { value: 'N/A', users: 3 },
    { value: 'Leeds', users: 1 },
  ],
};

export const unprocessable = (details: Record<string, string[]>) =>
  json({ error: { message: 'The given data was invalid.', details } }, 422);
