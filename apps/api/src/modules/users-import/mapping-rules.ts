import {
  IMPORT_CUSTOM_FIELD_PREFIX,
  IMPORT_FIELD_LABELS,
  IMPORT_USER_FIELDS,
  type ImportMapping,
  type ImportOptions,
} from '@heed/contract';
import type { FieldErrors } from '../../platform/errors.ts';

/**
 * Checks a mapping against the file's columns and the company's custom fields, and the options
 * against the mapping: one entry per column, known targets, each target once, a column to find
 * users by. Returns every problem, keyed `mapping.<column>` / `mapping` / `options.<name>`.
 */
export function mappingErrors(
  mapping: ImportMapping,
  headers: string[],
  customKeys: Set<string>,
  options: ImportOptions,
): FieldErrors {
  const errors: FieldErrors = {};
  if (mapping.length !== headers.length) {
    errors.mapping = [`Give one entry per column of the file (${headers.length}).`];
    return errors;
  }
  const seen = new Map<string, number>();
  mapping.forEach((target, index) => {
    if (target === null) return;
    const known = target.startsWith(IMPORT_CUSTOM_FIELD_PREFIX)
      ? customKeys.has(target.slice(IMPORT_CUSTOM_FIELD_PREFIX.length))
      : (IMPORT_USER_FIELDS as readonly string[]).includes(target);
    if (!known) errors[`mapping.${index}`] = ['Unknown field.'];
    else if (seen.has(target))
      errors[`mapping.${index}`] = [`Column ${seen.get(target)! + 1} is already mapped to this field.`];
    else seen.set(target, index);
  });
  if (!seen.has('username') && !seen.has('email')) {
    errors.mapping = [...(errors.mapping ?? []), 'Map a column to Username or E-mail.'];
  }
  if (options.update_existing && !seen.has(options.match_by)) {
    errors['options.match_by'] = [`Map a column to ${IMPORT_FIELD_LABELS[options.match_by]} to match users by it.`];
  }
  return errors;
}
