import { CUSTOM_FIELD_TYPES, type CustomField, type CustomFieldType } from '@heed/contract';
import type { FieldRow } from './custom-fields.repository.ts';
import { parseStoredOptions } from './stored-options.ts';

const isFieldType = (type: string): type is CustomFieldType => (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);

export function toCustomField(row: FieldRow): CustomField {
  const type = isFieldType(row.type) ? row.type : 'text';
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type,
    options: type === 'select' ? parseStoredOptions(row.options) : null,
    required: row.required === 1,
    show_in_table: row.show_in_table === 1,
    position: row.position,
  };
}
