import { z } from 'zod';
import { emailField, listQuery, pageQuery, queryFlag, timestamp } from '../common.ts';

export const roleField = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const userRef = z.object({ id: z.number().int(), name: z.string() });

export const user = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  role: z.number().int(),
  site_admin: z.boolean(),
  suspended: z.boolean(),
  department: userRef.nullable(),
  manager: userRef.nullable(),
  phone: z.string().nullable(),
  hired_at: z.string().nullable(),
  custom_fields: z.record(z.string(), z.string().nullable()),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type User = z.infer<typeof user>;

export const USER_SORTS = [
  'id',
  'last_name',
  'first_name',
  'username',
  'email',
  'role',
  'department',
  'manager',
  'suspended',
  'created_at',
  'last_login_at',
] as const;
/** `field[name]=a,b` filters of GET /users; custom fields filter as `field[cf.<key>]`. */
export const USER_FILTER_FIELDS = ['user_id', 'role', 'suspended', 'department_id', 'manager_id'] as const;
export const CUSTOM_FIELD_FILTER_PREFIX = 'cf.';
/** Largest preference value, as JSON text. */
export const PREFERENCE_MAX_BYTES = 64 * 1024;

export const listUsersQuery = listQuery(USER_SORTS);

/** File formats of the list exports: CSV (UTF-8 with a BOM) or XLSX. */
export const exportFormatField = z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx');

/** GET /users/export: the list's filters (paging and sort are ignored: rows come in id order) plus the format. */
export const exportUsersQuery = listUsersQuery.extend({ format: exportFormatField });

export const searchUsersQuery = z.object({
  ...pageQuery,
  text: z.string().trim().max(200).optional(),
  suspended: queryFlag.optional(),
});

export const userSearchHit = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.number().int(),
  suspended: z.boolean(),
  company: userRef,
});
export type UserSearchHit = z.infer<typeof userSearchHit>;

const nameField = z.string().trim().min(1).max(100);
export const passwordField = z.string().min(12, 'Use at least 12 characters.').max(256, 'Use at most 256 characters.');

/** A custom field value as sent: text, or a number or boolean that the server stores as text. */
export const customFieldInput = z.union([z.string().max(1000), z.number(), z.boolean()]).nullable();

/** The writable user fields. No defaults here, so an update never resets a field it left out. */
const userFields = {
  username: z
    .string()
    .trim()
    .toLowerCase()
    .min(2)
    .max(100)
    .regex(/^[a-z0-9._@+-]+$/, 'Use letters, digits and . _ @ + - only.'),
  email: emailField.nullable(),
  first_name: nameField,
  last_name: nameField,
  role: roleField,
  department_id: z.number().int().positive().max(2_147_483_647).nullable(),
  manager_id: z.number().int().positive().max(2_147_483_647).nullable(),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+0-9 ()-]*$/, 'Enter a phone number.')
    .nullable(),
  hired_at: z.iso.date().nullable(),
  suspended: z.boolean(),
  password: passwordField,
  custom_fields: z.record(z.string().max(64), customFieldInput),
};

/**
 * Creates a user. Unknown keys (site_admin, company_id, id, password_hash …) are stripped: the
 * company is the one the request acts on and site_admin is never set through the API.
 */
export const userCreateBody = z.object({
  ...z.object(userFields).partial().shape,
  username: userFields.username,
  first_name: userFields.first_name,
  last_name: userFields.last_name,
  role: userFields.role.default(0),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;

/** Partial: a field left out keeps its value (no defaults, unlike `userCreateBody`). */
export const userUpdateBody = z.object(userFields).partial();
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const preference = z.object({
  name: z.string(),
  data_type: z.literal('json'),
  value: z.unknown(),
});
export type Preference = z.infer<typeof preference>;
export const preferenceBody = z.object({
  name: z.string().trim().min(1).max(100),
  data_type: z.literal('json').default('json'),
  value: z.unknown().refine((v) => v !== undefined, 'Value is required.'),
});
export const preferenceQuery = z.object({
  name: z.string().trim().min(1).max(100),
  data_type: z.literal('json').optional(),
});
export const deletePreferenceQuery = z.object({ name: z.string().trim().min(1).max(100) });
