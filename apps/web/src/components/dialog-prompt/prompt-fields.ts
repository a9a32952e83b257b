import {
  emailValidator,
  type FieldValidator,
  httpUrlValidator,
  integerValidator,
  requiredValidator,
} from '../validation/index.ts';

export type PromptFieldType = 'text' | 'email' | 'url' | 'integer' | 'password' | 'textarea';

export interface PromptField {
  name: string;
  label: string;
  type?: PromptFieldType;
  /** Spec §5: dialog prompt inputs are required by default; set false to make one optional. */
  required?: boolean;
  defaultValue?: string;
  placeholder?: string;
  description?: string;
  /** Bounds of an `integer` field. */
  min?: number;
  max?: number;
  /** An extra check after the built-in ones: a message, or null when the value passes. */
  validate?: FieldValidator;
}

export type PromptValues = Record<string, string>;

function typeValidator(field: PromptField): FieldValidator | null {
  switch (field.type) {
    case 'email':
      return emailValidator;
    case 'url':
      return httpUrlValidator;
    case 'integer':
      return integerValidator({ min: field.min, max: field.max });
    default:
      return null;
  }
}

/** The first failing check of a field, or null. */
export function promptFieldError(field: PromptField, value: string): string | null {
  const checks = [field.required === false ? null : requiredValidator, typeValidator(field), field.validate ?? null];
  for (const check of checks) {
    const message = check?.(value);
    if (message) return message;
  }
  return null;
}

export function initialPromptValues(fields: readonly PromptField[]): PromptValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? '']));
}
