import type { FieldErrors } from '../../platform/errors.ts';
import type { CustomFieldDef } from './users-relations.repository.ts';

export type CustomFieldInput = string | number | boolean | null;
export interface CustomFieldValue {
  fieldId: number;
  /** Canonical text, or null to clear the value. */
  value: string | null;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BOOLEANS = new Map([
  ['true', 'true'],
  ['1', 'true'],
  ['yes', 'true'],
  ['false', 'false'],
  ['0', 'false'],
  ['no', 'false'],
]);

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Select options are stored as a JSON array of strings or of `{value, label}` objects. */
function optionValues(options: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(options ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.map((option) =>
      option !== null && typeof option === 'object' && 'value' in option ? String(option.value) : String(option),
    );
  } catch {
    return [];
  }
}

/** The canonical text of a value for a field of `type`, or an error message. */
function normalize(field: CustomFieldDef, input: string | number | boolean): { value: string } | { error: string } {
  const text = typeof input === 'string' ? input.trim() : String(input);
  if (text.includes('\u0000')) return { error: 'Remove control characters.' };
  switch (field.type) {
    case 'number':
      if (typeof input === 'boolean' || !NUMBER.test(text) || !Number.isFinite(Number(text)))
        return { error: 'Enter a number.' };
      return { value: String(Number(text)) };
    case 'date':
      return typeof input === 'string' && isCalendarDate(text)
        ? { value: text }
        : { error: 'Enter a date as YYYY-MM-DD.' };
    case 'boolean': {
      const value = BOOLEANS.get(text.toLowerCase());
      return value ? { value } : { error: 'Choose yes or no.' };
    }
    case 'select':
      return optionValues(field.options).includes(text) ? { value: text } : { error: 'Choose one of the options.' };
    default:
      return { value: text };
  }
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
