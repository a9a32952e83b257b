import { DATE_PICKER_YEARS_AFTER, DATE_PICKER_YEARS_BEFORE } from '@heed/contract';
import dayjs from 'dayjs';

/** The first and last selectable day (spec §5: years from 100 before to 10 after the current year), as YYYY-MM-DD. */
export function datePickerLimits(now: Date = new Date()): { minDate: string; maxDate: string } {
  const year = dayjs(now).year();
  return {
    minDate: dayjs(new Date(year - DATE_PICKER_YEARS_BEFORE, 0, 1)).format('YYYY-MM-DD'),
    maxDate: dayjs(new Date(year + DATE_PICKER_YEARS_AFTER, 11, 31)).format('YYYY-MM-DD'),
  };
}

/** The later of two YYYY-MM-DD dates (a caller may narrow the range, never widen it). */
export function laterDate(a: string, b: string | undefined): string {
  return b !== undefined && b > a ? b : a;
}

export function earlierDate(a: string, b: string | undefined): string {
  return b !== undefined && b < a ? b : a;
}
