import { describe, expect, it } from 'vitest';
import { FIELDS } from '../test/user-edit-fixtures.tsx';
import {
  dateFilterValues,
  filterSummary,
  readDateFilter,
  readTextFilter,
  textFilterError,
  textFilterValues,
} from '../../../components/custom-field-filters/custom-field-filter-values.ts';

const field = (key: string) => FIELDS.find((f) => f.key === key)!;

describe('custom field filter values', () => {
  it('write and read text filters: exact, or a prefix with *', () => {
    expect(textFilterValues('is', ' AC-1 ')).toEqual(['AC-1']);
    expect(textFilterValues('starts', 'AC-1')).toEqual(['AC-1*']);
    expect(textFilterValues('is', '')).toEqual([]);
    expect(readTextFilter(['AC-1*'])).toEqual({ mode: 'starts', text: 'AC-1' });
    expect(readTextFilter(['AC-1'])).toEqual({ mode: 'is', text: 'AC-1' });
    expect(textFilterError('a,b')).toMatch(/commas/);
  });

  it('write and read date ranges, either end open, the earlier date first', () => {
    expect(dateFilterValues('2024-01-01', '2024-06-30')).toEqual(['2024-01-01..2024-06-30']);
    expect(dateFilterValues('2024-06-30', '2024-01-01')).toEqual(['2024-01-01..2024-06-30']);
    expect(dateFilterValues('2024-01-01', null)).toEqual(['2024-01-01..']);
    expect(dateFilterValues(null, '2024-01-01')).toEqual(['..2024-01-01']);
    expect(dateFilterValues('2024-01-01', '2024-01-01')).toEqual(['2024-01-01']);
    expect(dateFilterValues(null, null)).toEqual([]);
    expect(readDateFilter(['..2024-01-01'])).toEqual({ from: null, to: '2024-01-01' });
    expect(readDateFilter(['2024-01-01'])).toEqual({ from: '2024-01-01', to: '2024-01-01' });
  });

  it('say what a filter holds on its button', () => {
    expect(filterSummary(field('location'), [])).toBe('Location');
    expect(filterSummary(field('location'), ['Remote', 'Detroit, MI'])).toBe('Location: Remote +1');
    // A value read back from the address arrives split at its comma.
    expect(filterSummary(field('location'), ['Detroit', 'MI'])).toBe('Location: Detroit, MI');
    expect(filterSummary(field('union_member'), ['false'])).toBe('Union member: No');
    expect(filterSummary(field('employee_id'), ['AC-1*'])).toBe('Employee ID starts with AC-1');
    expect(filterSummary(field('employee_id'), ['*'])).toBe('Employee ID: any value');
    expect(filterSummary(field('shoe_size'), ['38'])).toBe('Shoe size: 38');
    expect(filterSummary(field('first_aid'), ['2024-01-01..2024-06-30'])).toBe(
      'First aid until: 1 Jan 2024 – 30 Jun 2024',
    );
    expect(filterSummary(field('first_aid'), ['2024-01-01..'])).toBe('First aid until: from 1 Jan 2024');
  });
});
