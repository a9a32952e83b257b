import { EMAIL_PATTERN, FIELD_MESSAGES, httpUrlField } from '@heed/contract';

/** E-mail check (spec §5): text, an @, text, a dot, text — the same pattern the API applies. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** URL check (spec §5): only http or https addresses — the same rule the API applies. */
export function isHttpUrl(value: string): boolean {
  return httpUrlField.safeParse(value).success;
}

export interface IntegerBounds {
  min?: number;
  max?: number;
}

const INTEGER_TEXT = /^[+-]?\d+$/;

/** Integer check (spec §5) with an optional minimum and maximum, both inclusive. Accepts numbers or text. */
export function isInteger(value: string | number, bounds: IntegerBounds = {}): boolean {
  return integerError(value, bounds) === null;
}

/** The message for a failed integer check, or null when the value passes. */
export function integerError(value: string | number, { min, max }: IntegerBounds = {}): string | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const number = Number(text);
  if (!INTEGER_TEXT.test(text) || !Number.isSafeInteger(number)) return FIELD_MESSAGES.integer;
  if (min !== undefined && number < min) return FIELD_MESSAGES.integerMin(min);
  if (max !== undefined && number > max) return FIELD_MESSAGES.integerMax(max);
  return null;
}

/** A form validator (Mantine `useForm` shape: message or null). Empty values pass; `required` is checked apart. */
export type FieldValidator = (value: string) => string | null;

export const emailValidator: FieldValidator = (value) =>
  value.trim() === '' || isEmail(value) ? null : FIELD_MESSAGES.email;

export const httpUrlValidator: FieldValidator = (value) =>
  value.trim() === '' || isHttpUrl(value) ? null : FIELD_MESSAGES.httpUrl;

export function integerValidator(bounds: IntegerBounds = {}): FieldValidator {
  return (value) => (value.trim() === '' ? null : integerError(value, bounds));
}

export const requiredValidator: FieldValidator = (value) => (value.trim() === '' ? FIELD_MESSAGES.required : null);
