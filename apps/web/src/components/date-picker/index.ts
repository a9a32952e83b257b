export { DatePicker, type DatePickerProps } from './date-picker.tsx';
export { datePickerLimits } from './date-picker-limits.ts';
