import { type CustomFieldType, customFieldOptionsField } from '@heed/contract';
import type { FieldErrors } from '../../platform/errors.ts';
import type { FieldRow } from './custom-fields.repository.ts';

/**
 * The options a field of `type` ends up with, or the problem: select fields need options (given,
 * or kept from a select field), other types take none.
 */
export function resolveOptions(
  type: CustomFieldType,
  given: readonly string[] | null | undefined,
  current: readonly string[] | null,
): { options: string[] | null } | { errors: FieldErrors } {
  if (type !== 'select') {
    return given ? { errors: { options: ['Only select fields have options.'] } } : { options: null };
  }
  const options = given === undefined ? current : given;
  const parsed = customFieldOptionsField.safeParse(options ?? []);
  if (!parsed.success) return { errors: { options: parsed.error.issues.map((issue) => issue.message) } };
  return { options: parsed.data };
}

/** Keys are unique per company; so are labels (ignoring case), so imports can match headers to them. */
export function nameErrors(
  fields: FieldRow[],
  candidate: { key?: string; label?: string },
  exceptId: number | null,
): FieldErrors {
  const others = fields.filter((field) => field.id !== exceptId);
  const errors: FieldErrors = {};
  if (candidate.key !== undefined && others.some((field) => field.key === candidate.key))
    errors.key = ['Another field already uses this key.'];
  const label = candidate.label?.toLowerCase();
  if (label !== undefined && others.some((field) => field.label.toLowerCase() === label))
    errors.label = ['Another field already has this label.'];
  return errors;
}

/** "1 user holds" / "3 users hold" */
export const usersHold = (n: number) => (n === 1 ? '1 user holds' : `${n.toLocaleString('en-US')} users hold`);

/** A unique index beat the check above (two requests at once). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed|duplicate key value/i.test(error.message);
}
