import { CUSTOM_FIELD_FILTER_PREFIX, joinOptionFragments, normalizeCustomFieldValue } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type FieldErrors, invalid } from '../../platform/errors.ts';
import { parseStoredOptions } from '../custom-fields/index.ts';
import { canonicalFilterValues } from './custom-field-values.ts';
import { successor } from './text-search.repository.ts';
import { type CustomFieldDef, findCustomFields } from './users-relations.repository.ts';

/**
 * A run of stored values: `min`/`max` inclusive, `below` exclusive; with `prefix`, only values
 * starting with it. Every bound is a range of the (company_id, field_id, value) index.
 */
export interface ValueRange {
  min?: string;
  max?: string;
  below?: string;
  prefix?: string;
}

/** One `field[cf.<key>]` filter, resolved: exact stored values and/or ranges (a user matching any). */
export interface CustomFieldCriteria {
  fieldId: number;
  values: string[];
  ranges?: ValueRange[];
}

/** `2024-01-01..2024-06-30`, `2024-01-01..` or `..2024-06-30`: date fields only (dates never hold `..`). */
const RANGE = '..';
/** `AC-1*`: text fields only; `*` alone means "has a value". */
const PREFIX = '*';

const isDate = (text: string) => 'value' in normalizeCustomFieldValue({ type: 'date', options: null }, text);

function dateRange(text: string): ValueRange | string {
  const parts = text.split(RANGE);
  if (parts.length !== 2) return 'Write a date range as YYYY-MM-DD..YYYY-MM-DD.';
  const [min = '', max = ''] = parts;
  if (min === '' && max === '') return 'Give at least one end of the date range.';
  if ((min !== '' && !isDate(min)) || (max !== '' && !isDate(max))) return 'Enter dates as YYYY-MM-DD.';
  if (min !== '' && max !== '' && min > max) return 'Put the earlier date first.';
  return { ...(min ? { min } : {}), ...(max ? { max } : {}) };
}

function prefixRange(prefix: string): ValueRange {
  if (prefix === '') return { min: '' };
  const below = successor(prefix);
  return { min: prefix, ...(below === null ? {} : { below }), prefix };
}

/**
 * Reads the values of a `field[cf.<key>]` filter for the field's type: exact values in the stored
 * spelling (`1` → `true`), select options holding commas joined again, date ranges `a..b` on date
 * fields, prefixes `abc*` on text fields. Ranges on number fields are refused: numbers are stored as
 * text, so only a scan could compare them.
 */
export function customFieldCriteria(field: CustomFieldDef, given: string[]): CustomFieldCriteria {
  const values = field.type === 'select' ? joinOptionFragments(given, parseStoredOptions(field.options)) : given;
  const exact: string[] = [];
  const ranges: ValueRange[] = [];
  const errors: FieldErrors = {};
  const name = `field[${CUSTOM_FIELD_FILTER_PREFIX}${field.key}]`;
  for (const value of values) {
    if (field.type === 'date' && value.includes(RANGE)) {
      const range = dateRange(value);
      if (typeof range === 'string') errors[name] = [range];
      else ranges.push(range);
    } else if (field.type === 'number' && value.includes(RANGE)) {
      errors[name] = ['Number fields filter by exact values; ranges work on date fields.'];
    } else if (field.type === 'text' && value.endsWith(PREFIX)) {
      ranges.push(prefixRange(value.slice(0, -PREFIX.length)));
    } else exact.push(value);
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const canonical = exact.length > 0 ? canonicalFilterValues(field, exact) : [];
  return { fieldId: field.id, values: canonical, ...(ranges.length > 0 ? { ranges } : {}) };
}

/**
 * The `field[cf.<key>]` filters of a list request (key → values), resolved against the company's
 * fields: an unknown key is a 422 naming its filter. Used by every list that filters learners by
 * their custom fields (users, assignments).
 */
export async function resolveCustomFieldFilters(
  db: Kysely<Database>,
  companyId: number,
  custom: Map<string, string[]>,
): Promise<CustomFieldCriteria[]> {
  if (custom.size === 0) return [];
  const fields = await findCustomFields(db, companyId, [...custom.keys()]);
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const unknown = [...custom.keys()].filter((key) => !byKey.has(key));
  if (unknown.length > 0) {
    throw invalid(
      Object.fromEntries(
        unknown.map((key) => [`field[${CUSTOM_FIELD_FILTER_PREFIX}${key}]`, ['Unknown custom field.']]),
      ),
    );
  }
  return [...custom].map(([key, values]) => customFieldCriteria(byKey.get(key)!, values));
}
