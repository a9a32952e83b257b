import { normalizeCustomFieldValue } from '@heed/contract';
import type { FieldErrors } from '../../platform/errors.ts';
import { parseStoredOptions } from '../custom-fields/index.ts';
import type { CustomFieldDef } from './users-relations.repository.ts';

export type CustomFieldInput = string | number | boolean | null;
export interface CustomFieldValue {
  fieldId: number;
  /** Canonical text, or null to clear the value. */
  value: string | null;
}

/** The canonical text of a value for a field, or an error message: the contract's one rule per type. */
function normalize(field: CustomFieldDef, input: string | number | boolean): { value: string } | { error: string } {
  return normalizeCustomFieldValue({ type: field.type, options: parseStoredOptions(field.options) }, input);
}

/** Filter values in the stored spelling where they are valid (`1` → `true`, `042` → `42`), else as given. */
export function canonicalFilterValues(field: CustomFieldDef, values: string[]): string[] {
  const canonical = values.map((raw) => {
    const result = normalize(field, raw);
    return 'value' in result ? result.value : raw;
  });
  return [...new Set(canonical)];
}

/**
 * Checks custom field values against the company's fields: known keys only, each value of its
 * field's type; required fields must be given on create and cannot be cleared. Errors are keyed
 * `custom_fields.<key>`.
 */
export function validateCustomFields(
  fields: CustomFieldDef[],
  input: Record<string, CustomFieldInput> | undefined,
  creating: boolean,
): { values: CustomFieldValue[]; errors: FieldErrors } {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const values: CustomFieldValue[] = [];
  const errors: FieldErrors = {};
  for (const [key, raw] of Object.entries(input ?? {})) {
    const field = byKey.get(key);
    if (!field) {
      errors[`custom_fields.${key}`] = ['Unknown custom field.'];
      continue;
    }
    const result = raw === null || raw === '' ? { value: null } : normalize(field, raw);
    if ('error' in result) errors[`custom_fields.${key}`] = [result.error];
    else if (result.value === null && field.required === 1)
      errors[`custom_fields.${key}`] = ['This field is required.'];
    else values.push({ fieldId: field.id, value: result.value });
  }
  if (creating) {
    for (const field of fields) {
      if (field.required === 1 && !Object.hasOwn(input ?? {}, field.key))
        errors[`custom_fields.${field.key}`] = ['This field is required.'];
    }
  }
  return { values, errors };
}
