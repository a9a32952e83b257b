import type { UserUpdateBody } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { FieldErrors } from '../../platform/errors.ts';
import { type CustomFieldValue, validateCustomFields } from './custom-field-values.ts';
import type { CustomFieldDef } from './users-relations.repository.ts';
import { isCompanyDepartment, isCompanyUser, isTaken } from './users-write.repository.ts';
import { hasNul } from './users.filters.ts';

export interface ValidationInput {
  companyId: number;
  /** The user being changed; null on create. */
  userId: number | null;
  fields: CustomFieldDef[];
}

/**
 * The checks a schema cannot make: references inside the company, uniqueness, custom fields.
 * Returns every problem at once, keyed by field, so a form can show them all.
 */
export async function validateUserInput(
  db: Kysely<Database>,
  body: UserUpdateBody,
  input: ValidationInput,
): Promise<{ customValues: CustomFieldValue[]; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  for (const key of ['first_name', 'last_name', 'email'] as const) {
    const value = body[key];
    if (typeof value === 'string' && hasNul(value)) errors[key] = ['Remove control characters.'];
  }
  if (body.department_id != null && !(await isCompanyDepartment(db, input.companyId, body.department_id))) {
    errors.department_id = ['Choose a department of this company.'];
  }
  if (body.manager_id != null) {
    if (body.manager_id === input.userId) errors.manager_id = ['A user cannot be their own manager.'];
    else if (!(await isCompanyUser(db, input.companyId, body.manager_id))) {
      errors.manager_id = ['Choose a manager of this company.'];
    }
  }
  if (body.username !== undefined && (await isTaken(db, 'username', body.username, input.userId))) {
    errors.username = ['This username is already taken.'];
  }
  if (body.email && (await isTaken(db, 'email', body.email, input.userId))) {
    errors.email = ['This e-mail address is already in use.'];
  }
  const custom = validateCustomFields(input.fields, body.custom_fields, input.userId === null);
  return { customValues: custom.values, errors: { ...errors, ...custom.errors } };
}

/** A unique index beat the check above (two requests at once): the same 422 as the check gives. */
export function uniqueViolationField(error: unknown): 'username' | 'email' | null {
  if (!(error instanceof Error)) return null;
  const text = `${error.message} ${(error as { constraint?: string }).constraint ?? ''}`;
  const unique = /UNIQUE constraint failed|duplicate key value/i.test(text);
  if (!unique) return null;
  if (/username/.test(text)) return 'username';
  if (/email/.test(text)) return 'email';
  return null;
}
