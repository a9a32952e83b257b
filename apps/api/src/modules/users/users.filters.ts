import { CUSTOM_FIELD_FILTER_PREFIX, type USER_FILTER_FIELDS, fieldFilters } from '@heed/contract';
import { type FieldErrors, invalid } from '../../platform/errors.ts';
import type { UserCriteria } from './users.criteria.ts';

const MAX_VALUES = 500;
const ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;
const FLAGS = new Map([
  ['0', 0],
  ['1', 1],
  ['false', 0],
  ['true', 1],
]);

export type FilterCriteria = Pick<UserCriteria, 'userIds' | 'roles' | 'suspended' | 'departmentIds' | 'managerIds'>;

export interface ParsedFilters {
  criteria: FilterCriteria;
  /** Custom field filters by field key, still to be resolved against the company's fields. */
  custom: Map<string, string[]>;
}

/** A NUL character cannot be stored or compared in PostgreSQL text; no honest input holds one. */
export const hasNul = (value: string) => value.includes('\u0000');

const parseId = (value: string) => (ID.test(value) && Number(value) <= MAX_ID ? Number(value) : undefined);
const parseRole = (value: string) => (/^[0-3]$/.test(value) ? Number(value) : undefined);
const parseFlag = (value: string) => FLAGS.get(value.toLowerCase());

const PARSERS: Record<
  (typeof USER_FILTER_FIELDS)[number],
  [keyof FilterCriteria, (v: string) => number | undefined, string]
> = {
  user_id: ['userIds', parseId, 'Use user ids.'],
  role: ['roles', parseRole, 'Use role ids 0 to 3.'],
  suspended: ['suspended', parseFlag, 'Use 0 or 1.'],
  department_id: ['departmentIds', parseId, 'Use department ids.'],
  manager_id: ['managerIds', parseId, 'Use user ids.'],
};

function parseValues(values: string[], parse: (v: string) => number | undefined): number[] | undefined {
  const parsed = values.map(parse);
  return parsed.every((v) => v !== undefined) ? [...new Set(parsed as number[])] : undefined;
}

/**
 * Reads the `field[name]=a,b` filters of GET /users. An unknown field, a malformed `field[…]` key
 * or a value of the wrong kind is a 422 naming the filter; an empty list means no filter.
 */
export function parseUserFilters(query: Record<string, unknown>): ParsedFilters {
  const filters = fieldFilters(query);
  const errors: FieldErrors = {};
  const known = new Set(Object.keys(filters).map((name) => `field[${name}]`.toLowerCase()));
  for (const key of Object.keys(query)) {
    if (key.toLowerCase().startsWith('field[') && !known.has(key.toLowerCase())) errors[key] = ['Unknown filter.'];
  }
  const criteria: FilterCriteria = {};
  const custom = new Map<string, string[]>();
  for (const [name, values] of Object.entries(filters)) {
    const key = `field[${name}]`;
    if (values.length === 0) continue;
    if (values.length > MAX_VALUES) errors[key] = [`Use at most ${MAX_VALUES} values.`];
    else if (values.some(hasNul)) errors[key] = ['Remove control characters.'];
    else if (name.startsWith(CUSTOM_FIELD_FILTER_PREFIX))
      custom.set(name.slice(CUSTOM_FIELD_FILTER_PREFIX.length), values);
    else if (Object.hasOwn(PARSERS, name)) {
      const [target, parse, message] = PARSERS[name as keyof typeof PARSERS];
      const parsed = parseValues(values, parse);
      if (parsed) criteria[target] = parsed;
      else errors[key] = [message];
    } else errors[key] = ['Unknown filter.'];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { criteria, custom };
}
