import { isApiError } from '../../../lib/api-client.ts';

/** A refusal as a small form shows it: the server's message on its field, or above the form. */
export function refusalMessage(
  error: unknown,
  fields: readonly string[] = [],
): { field: string | null; message: string | null } {
  if (!isApiError(error))
    return { field: null, message: error instanceof Error ? error.message : 'Something went wrong.' };
  if (error.status >= 500) return { field: null, message: 'The change was not saved. Try again.' };
  for (const name of fields) {
    const first = error.details[name]?.[0];
    if (first) return { field: first, message: null };
  }
  const details = Object.values(error.details).flat();
  return { field: null, message: details.length > 0 ? [...new Set(details)].join(' ') : error.message };
}
