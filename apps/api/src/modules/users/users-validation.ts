import type { UserUpdateBody } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { FieldErrors } from '../../platform/errors.ts';
import { type CustomFieldValue, validateCustomFields } from './custom-field-values.ts';
import { TAKEN_MESSAGES } from './taken-answers.ts';
import type { CustomFieldDef } from './users-relations.repository.ts';
import { findLoginNames, isCompanyDepartment, isCompanyUser, isTaken } from './users-write.repository.ts';
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
    errors.username = [TAKEN_MESSAGES.username];
  }
  if (body.email && (await isTaken(db, 'email', body.email, input.userId))) {
    errors.email = [TAKEN_MESSAGES.email];
  }
  if (await breaksNamespace(db, body, input.userId)) errors.username = [...(errors.username ?? []), LOGIN_NAMESPACE];
  const custom = validateCustomFields(input.fields, body.custom_fields, input.userId === null);
  return { customValues: custom.values, errors: { ...errors, ...custom.errors } };
}

/** Decision 046's refusal: sign-in names with @ are e-mails, so no username may pass for another's. */
export const LOGIN_NAMESPACE = "A username with @ must be the user's own e-mail address.";

/**
 * Decision 046: a username holds @ only as the user's own e-mail, so a name with @ can only ever be
 * one account's e-mail (migration 018 makes the database refuse the rest as well).
 */
export function breaksLoginNamespace(username: string, email: string | null): boolean {
  return username.includes('@') && username !== email;
}

/**
 * The rule over the names the user will have (what the body sets, else what the row holds), when
 * they are new: a user stored before the rule keeps their names (and the database lets them) until
 * one of them changes.
 */
async function breaksNamespace(db: Kysely<Database>, body: UserUpdateBody, userId: number | null) {
  if (body.username === undefined && body.email === undefined) return false;
  const stored = userId === null ? undefined : await findLoginNames(db, userId);
  const username = body.username ?? stored?.username ?? '';
  const email = body.email !== undefined ? body.email : (stored?.email ?? null);
  if (stored && username === stored.username && email === stored.email) return false;
  return breaksLoginNamespace(username, email);
}

/** The database refused a write for decision 046's rule (a check above was beaten, or bypassed). */
export function loginNamespaceViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /login_namespace/.test(`${error.message} ${(error as { constraint?: string }).constraint ?? ''}`);
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
