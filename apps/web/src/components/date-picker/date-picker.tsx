import '@mantine/dates/styles.css';
import { DatePickerInput, type DatePickerInputProps, type DatePickerType } from '@mantine/dates';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { datePickerLimits, earlierDate, laterDate } from './date-picker-limits.ts';

export type DatePickerProps<Type extends DatePickerType = 'default'> = DatePickerInputProps<Type>;

const ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

const asDay = (value: DatePickerInputProps['minDate']) =>
  value === undefined ? undefined : dayjs(value).format('YYYY-MM-DD');

/**
 * Mantine's DatePickerInput limited to the spec's years (§5: 100 before to 10 after the current year). `minDate` and
 * `maxDate` may narrow that range but not widen it.
 */
export function DatePicker<Type extends DatePickerType = 'default'>({
  minDate,
  maxDate,
  ...props
}: DatePickerProps<Type>) {
  const limits = useMemo(() => datePickerLimits(), []);
  return (
    <DatePickerInput<Type>
      valueFormat="MMM D, YYYY"
      ariaLabels={ARIA_LABELS}
      {...(props as DatePickerInputProps<Type>)}
      minDate={laterDate(limits.minDate, asDay(minDate))}
      maxDate={earlierDate(limits.maxDate, asDay(maxDate))}
    />
  );
}
