import { type CustomField, joinOptionFragments } from '@heed/contract';

// How the lists' custom field filters (users, assignments) read and write `field[cf.<key>]` values (the API's
// grammar, users/custom-field-filters.ts): exact values `a,b`; on text fields a prefix `abc*`;
// on date fields a range `from..to` (either end may be left open).

export type FilterField = Pick<CustomField, 'key' | 'label' | 'type' | 'options'>;
export type TextMode = 'is' | 'starts';

const PREFIX = '*';
const RANGE = '..';

export const filterName = (key: string) => `cf.${key}`;

/** A text or number filter: one value, matched exactly or (text) as a prefix. */
export function readTextFilter(values: readonly string[]): { mode: TextMode; text: string } {
  const value = values[0] ?? '';
  return value.endsWith(PREFIX)
    ? { mode: 'starts', text: value.slice(0, -PREFIX.length) }
    : { mode: 'is', text: value };
}

export function textFilterValues(mode: TextMode, text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return [mode === 'starts' ? `${trimmed}${PREFIX}` : trimmed];
}

/** Commas separate values in `field[…]=a,b`, so a value holding one cannot be asked for. */
export const textFilterError = (text: string): string | null =>
  text.includes(',') ? 'Leave out commas: they separate values in a filter.' : null;

/** A date filter: from and to (YYYY-MM-DD), either open. A single exact date reads as from = to. */
export function readDateFilter(values: readonly string[]): { from: string | null; to: string | null } {
  const value = values[0] ?? '';
  if (value === '') return { from: null, to: null };
  if (!value.includes(RANGE)) return { from: value, to: value };
  const [from = '', to = ''] = value.split(RANGE);
  return { from: from || null, to: to || null };
}

export function dateFilterValues(from: string | null, to: string | null): string[] {
  if (!from && !to) return [];
  if (from && to && from === to) return [from];
  // The API wants the earlier date first; a reader may pick them the other way round.
  const [start, end] = from && to && from > to ? [to, from] : [from, to];
  return [`${start ?? ''}${RANGE}${end ?? ''}`];
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) => {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
};

/** What a filter's button says, e.g. "Location: Remote +1", "Employee ID starts with AC-1", "Hire date: from 1 Jan 2024". */
export function filterSummary(field: FilterField, values: readonly string[]): string {
  if (values.length === 0) return field.label;
  switch (field.type) {
    case 'boolean':
      return `${field.label}: ${values[0] === 'true' ? 'Yes' : 'No'}`;
    case 'date': {
      const { from, to } = readDateFilter(values);
      if (from && to) return from === to ? `${field.label}: ${day(from)}` : `${field.label}: ${day(from)} – ${day(to)}`;
      return from ? `${field.label}: from ${day(from)}` : `${field.label}: until ${day(to ?? '')}`;
    }
    case 'text':
    case 'number': {
      const { mode, text } = readTextFilter(values);
      if (mode === 'starts') return text === '' ? `${field.label}: any value` : `${field.label} starts with ${text}`;
      return `${field.label}: ${text}`;
    }
    default: {
      const chosen = joinOptionFragments(values, field.options ?? []);
      return chosen.length === 1
        ? `${field.label}: ${chosen[0]}`
        : `${field.label}: ${chosen[0]} +${chosen.length - 1}`;
    }
  }
}
