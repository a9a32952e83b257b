import {
  type CustomField,
  FIELD_MESSAGES,
  type User,
  type UserCreateBody,
  type UserUpdateBody,
  normalizeCustomFieldValue,
  userCreateBody,
} from '@heed/contract';
import type { z } from 'zod';
import { emailValidator, requiredValidator } from '../../../components/validation/index.ts';
import type { FieldErrors } from '../../../lib/api-client.ts';

/** What the drawer's form holds: text as typed, ids as numbers, empty text for "none". */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  role: string;
  department_id: number | null;
  manager: { id: number; name: string } | null;
  phone: string;
  /** YYYY-MM-DD or null. */
  hired_at: string | null;
  /** By field key: the stored text ('true'/'false' for yes/no), '' for no value. */
  custom_fields: Record<string, string>;
}

export type FormField = Pick<CustomField, 'key' | 'label' | 'type' | 'options' | 'required'>;

/** A new user: a learner with nothing filled in. */
export function emptyFormValues(fields: readonly FormField[]): UserFormValues {
  return {
    first_name: '',
    last_name: '',
    username: '',
    email: '',
    role: '0',
    department_id: null,
    manager: null,
    phone: '',
    hired_at: null,
    custom_fields: Object.fromEntries(fields.map((field) => [field.key, ''])),
  };
}

export function formValuesOf(user: User, fields: readonly FormField[]): UserFormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email ?? '',
    role: String(user.role),
    department_id: user.department?.id ?? null,
    manager: user.manager,
    phone: user.phone ?? '',
    hired_at: user.hired_at,
    custom_fields: Object.fromEntries(fields.map((field) => [field.key, user.custom_fields[field.key] ?? ''])),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Every writable field of the form, as the API takes it. */
function bodyOf(values: UserFormValues): Required<Omit<UserUpdateBody, 'suspended' | 'password'>> {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    username: values.username.trim(),
    email: orNull(values.email),
    role: Number(values.role) as UserCreateBody['role'],
    department_id: values.department_id,
    manager_id: values.manager?.id ?? null,
    phone: orNull(values.phone),
    hired_at: values.hired_at || null,
    custom_fields: Object.fromEntries(Object.entries(values.custom_fields).map(([key, text]) => [key, orNull(text)])),
  };
}

/** POST /users: everything filled in; empty custom fields are left out. */
export function createBody(values: UserFormValues): UserCreateBody {
  const body = bodyOf(values);
  const custom = Object.entries(body.custom_fields).filter(([, value]) => value !== null);
  return { ...body, custom_fields: Object.fromEntries(custom) };
}

/** PUT /users/{id}: only what differs from the record the form opened with (so no field is reset by accident). */
export function updateBody(initial: UserFormValues, values: UserFormValues): UserUpdateBody {
  const before = bodyOf(initial);
  const after = bodyOf(values);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (key !== 'custom_fields' && after[key] !== before[key]) changes[key] = after[key];
  }
  const custom = Object.entries(after.custom_fields).filter(([key, value]) => value !== before.custom_fields[key]);
  if (custom.length > 0) changes.custom_fields = Object.fromEntries(custom);
  return changes as UserUpdateBody;
}

/** The first message a contract schema gives for a value, or null when it passes. */
function schemaMessage(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? FIELD_MESSAGES.required);
}

const NAME_MAX = 100;
const tooLong = (max: number) => `Use at most ${max} characters.`;

function nameError(value: string): string | null {
  return requiredValidator(value) ?? (value.trim().length > NAME_MAX ? tooLong(NAME_MAX) : null);
}

function usernameError(value: string): string | null {
  const text = value.trim();
  if (text === '') return FIELD_MESSAGES.required;
  if (text.length < 2) return 'Use at least 2 characters.';
  if (text.length > 100) return tooLong(100);
  return schemaMessage(userCreateBody.shape.username, text);
}

function phoneError(value: string): string | null {
  if (value.trim().length > 32) return tooLong(32);
  return value.trim() === '' ? null : schemaMessage(userCreateBody.shape.phone.unwrap().unwrap(), value);
}

/** A custom field's value: required fields must hold one, and each type its kind of value (the contract's rule). */
export function customFieldError(field: FormField, value: string): string | null {
  if (value.trim() === '') return field.required ? FIELD_MESSAGES.required : null;
  const result = normalizeCustomFieldValue(field, value);
  return 'error' in result ? result.error : null;
}

export interface ValidationOptions {
  fields: readonly FormField[];
  /** A Department Manager must place users in one of their departments. */
  departmentRequired: boolean;
}

/**
 * The checks the console can make before asking the server (the contract's rules where they are
 * simple); everything else comes back from the server's 422 and shows on the same fields.
 */
export function validateUserForm(values: UserFormValues, options: ValidationOptions): Record<string, string> {
  const errors: Record<string, string | null> = {
    first_name: nameError(values.first_name),
    last_name: nameError(values.last_name),
    username: usernameError(values.username),
    email: emailValidator(values.email),
    phone: phoneError(values.phone),
    department_id:
      options.departmentRequired && values.department_id === null ? 'Choose a department you manage.' : null,
  };
  for (const field of options.fields) {
    errors[`custom_fields.${field.key}`] = customFieldError(field, values.custom_fields[field.key] ?? '');
  }
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== null));
}

/**
 * The fields of a new user that the console's own checks accept, as POST /users/check takes them: so
 * the server's complaints (a username taken, say) show beside the console's in the same round.
 */
export function checkBody(values: UserFormValues, clientErrors: Readonly<Record<string, unknown>>): UserUpdateBody {
  const body: Record<string, unknown> = { ...createBody(values) };
  for (const [name, path] of Object.entries({ ...API_NAMES, manager_id: 'manager' })) {
    if (clientErrors[path]) delete body[name];
  }
  const custom = Object.entries(body.custom_fields as Record<string, string | null>).filter(
    ([key]) => !clientErrors[`custom_fields.${key}`],
  );
  body.custom_fields = Object.fromEntries(custom);
  return body as UserUpdateBody;
}

/** The API's names of the form's fields that go by the same name. */
const API_NAMES = Object.fromEntries(
  ['first_name', 'last_name', 'username', 'email', 'role', 'department_id', 'phone', 'hired_at'].map((name) => [
    name,
    name,
  ]),
);

/** API field names that the form shows under another name. */
const FORM_PATHS: Record<string, string> = { manager_id: 'manager' };

/**
 * The server's field messages (422 details, or a 403 naming a field) placed on the form's fields;
 * messages for fields the form does not show come back as `other`, to show above the form.
 */
export function serverErrors(
  details: FieldErrors,
  formPaths: ReadonlySet<string>,
): { fields: Record<string, string>; other: string[] } {
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(details)) {
    const path = FORM_PATHS[name] ?? name;
    const message = messages.join(' ');
    if (formPaths.has(path)) fields[path] = message;
    else other.push(message);
  }
  return { fields, other };
}

/** The form's field paths (for {@link serverErrors}). */
export function formPaths(fields: readonly FormField[]): Set<string> {
  const paths = Object.keys(emptyFormValues([])).filter((key) => key !== 'custom_fields');
  return new Set([...paths, ...fields.map((field) => `custom_fields.${field.key}`)]);
}
