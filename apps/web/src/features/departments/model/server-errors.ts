import { type FieldErrors, isApiError } from '../../../lib/api-client.ts';

export interface FormErrors {
  /** Field → its first message, for the fields a form shows. */
  fields: Record<string, string>;
  /** What is left to say above the form: the message, unless a field already says it. */
  message: string | null;
}

/**
 * A failed save as a form shows it: the 422 details on the fields the form has, the rest (and any
 * other error's message) above it. A 5xx also gets the console's server-error notice.
 */
export function formErrors(error: unknown, formFields: readonly string[]): FormErrors {
  if (!isApiError(error)) return { fields: {}, message: error instanceof Error ? error.message : null };
  if (error.status >= 500) return { fields: {}, message: 'The change was not saved. Try again.' };
  const details: FieldErrors = error.details;
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(details)) {
    if (formFields.includes(field) && messages[0]) fields[field] = messages[0];
    else others.push(...messages);
  }
  if (others.length > 0) return { fields, message: others.join(' ') };
  return { fields, message: Object.keys(fields).length > 0 ? null : error.message };
}
