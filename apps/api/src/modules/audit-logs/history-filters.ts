import { fieldFilters } from '@heed/contract';
import { isCalendarDay } from '../../platform/clock.ts';
import { type FieldErrors, invalid } from '../../platform/errors.ts';

// The `field[name]=a,b` filters of the history lists and reports: one parser a kind of value, and one
// reader that turns a query into typed criteria or a 422 naming each bad filter.

const ID = /^[1-9][0-9]{0,9}$/;
const MAX_VALUES = 500;
/** True when a text holds a control character (below U+0020). */
const hasControl = (value: string) => [...value].some((char) => char.charCodeAt(0) < 32);

/** A time range as ISO timestamps, either end open. */
export interface TimeRange {
  from?: string;
  to?: string;
}

export type FilterParser = (values: string[]) => unknown;

export const ids: FilterParser = (values) =>
  values.every((v) => ID.test(v) && Number(v) <= 2_147_483_647) ? [...new Set(values.map(Number))] : undefined;

export const among =
  <T extends string>(allowed: readonly T[]): FilterParser =>
  (values) =>
    values.every((v) => (allowed as readonly string[]).includes(v)) ? [...new Set(values)] : undefined;

/** Short texts (actions, entity types and ids): no control characters, at most 128 characters each. */
export const texts: FilterParser = (values) =>
  values.every((v) => v.length <= 128 && !hasControl(v)) ? [...new Set(values)] : undefined;

/** `from..to` of days (either end may be empty): from the start of the first to the end of the last, UTC. */
export const dateRange: FilterParser = (values) => {
  const [from = '', to = ''] = (values.length === 1 ? values[0]! : values.join('..')).split('..');
  if ((from && !isCalendarDay(from)) || (to && !isCalendarDay(to)) || (!from && !to)) return undefined;
  return {
    ...(from ? { from: `${from}T00:00:00.000Z` } : {}),
    ...(to ? { to: `${to}T23:59:59.999Z` } : {}),
  } satisfies TimeRange;
};

export const DATE_RANGE_HINT = 'Use YYYY-MM-DD..YYYY-MM-DD (either end may be left out).';

/** A filter's criteria key, its parser and the message when a value does not parse. */
export type FilterSpec<K extends string> = Record<string, [K, FilterParser, string]>;

/**
 * Reads the `field[name]=a,b` filters a spec names: an unknown filter or a value of the wrong kind is
 * a 422 naming the filter; an empty list means no filter.
 */
export function readFilters<K extends string>(query: Record<string, unknown>, spec: FilterSpec<K>) {
  const filters = fieldFilters(query);
  const errors: FieldErrors = {};
  const known = new Set(Object.keys(filters).map((name) => `field[${name}]`.toLowerCase()));
  for (const key of Object.keys(query))
    if (key.toLowerCase().startsWith('field[') && !known.has(key.toLowerCase())) errors[key] = ['Unknown filter.'];
  const criteria: Partial<Record<K, unknown>> = {};
  for (const [name, values] of Object.entries(filters)) {
    const key = `field[${name}]`;
    if (values.length === 0) continue;
    const parser = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!parser) errors[key] = ['Unknown filter.'];
    else if (values.length > MAX_VALUES) errors[key] = [`Use at most ${MAX_VALUES} values.`];
    else {
      const parsed = parser[1](values);
      if (parsed === undefined) errors[key] = [parser[2]];
      else criteria[parser[0]] = parsed;
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return criteria;
}

/** A text filter with control characters is refused (422 on `text`), as the other lists do. */
export function checkText(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  if (hasControl(text)) throw invalid({ text: ['Remove control characters.'] });
  return text;
}
