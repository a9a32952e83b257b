import { z } from 'zod';
import { queryFlag } from '../common.ts';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Yes / No',
  select: 'Select',
};

/** Longest key: `field[cf.<key>]` filters allow 64 characters after `field[`. */
export const CUSTOM_FIELD_KEY_MAX = 60;
const CUSTOM_FIELD_OPTIONS_MAX = 200;
export const CUSTOM_FIELDS_PER_COMPANY_MAX = 100;
/** How many unconvertible values a conversion preview lists (the most held first). */
export const CONVERSION_EXAMPLES_MAX = 20;

/**
 * Keys a custom field may not take: the user's own columns and the names imports, exports and
 * rules use for them, so a header or a condition never means two things.
 */
const RESERVED_CUSTOM_FIELD_KEYS: readonly string[] = [
  'id',
  'company_id',
  'username',
  'email',
  'first_name',
  'last_name',
  'name',
  'role',
  'site_admin',
  'suspended',
  'status',
  'department',
  'department_id',
  'manager',
  'manager_id',
  'phone',
  'hired_at',
  'password',
  'external_id',
  'last_login_at',
  'created_at',
  'updated_at',
];

export const customField = z.object({
  id: z.number().int(),
  key: z.string().describe('Stable identifier used by filters (`field[cf.<key>]`), imports and rules; never changes'),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()).nullable().describe('The choices of a select field; null for other types'),
  required: z.boolean(),
  show_in_table: z.boolean().describe('Shown as a column of the users table by default'),
  position: z.number().int().describe('Order in forms, tables and exports (ascending)'),
});
export type CustomField = z.infer<typeof customField>;

/** A list item; `user_count` (users holding a value) only when asked for with `with_counts=1`. */
export const customFieldListItem = customField.extend({ user_count: z.number().int().optional() });
export type CustomFieldListItem = z.infer<typeof customFieldListItem>;

export const listCustomFieldsQuery = z.object({
  with_counts: queryFlag.optional().describe('1 adds user_count to each field'),
});

const customFieldKeyField = z
  .string()
  .trim()
  .min(1, 'Enter a key.')
  .max(CUSTOM_FIELD_KEY_MAX, `Use at most ${CUSTOM_FIELD_KEY_MAX} characters.`)
  .regex(/^[a-z][a-z0-9_]*$/, 'Start with a lowercase letter; use lowercase letters, digits and _ only.')
  .refine((key) => !RESERVED_CUSTOM_FIELD_KEYS.includes(key), 'This key names a built-in user field.');

const labelField = z.string().trim().min(1, 'Enter a label.').max(120, 'Use at most 120 characters.');
const optionField = z.string().trim().min(1, 'Options cannot be empty.').max(100, 'Use at most 100 characters.');

/** Select options: at least one, each unique (ignoring case). */
export const customFieldOptionsField = z
  .array(optionField)
  .min(1, 'Add at least one option.')
  .max(CUSTOM_FIELD_OPTIONS_MAX, `Use at most ${CUSTOM_FIELD_OPTIONS_MAX} options.`)
  .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, 'Options must be unique.');

export const customFieldCreateBody = z.object({
  key: customFieldKeyField,
  label: labelField,
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: customFieldOptionsField.nullable().optional().describe('Required for select fields, absent otherwise'),
  required: z.boolean().default(false),
  show_in_table: z.boolean().default(true),
});
export type CustomFieldCreateBody = z.infer<typeof customFieldCreateBody>;

/**
 * Partial update. Changing the type, or removing select options that users hold, changes stored
 * values: see `previewCustomFieldChange`. Such an update is refused (422, details naming the count)
 * unless it sets `confirm_conversion`, and values that do not fit the new definition are refused
 * unless `value_map` maps them or `unconvertible` is `clear`.
 */
export const customFieldUpdateBody = z.object({
  key: z.string().optional().describe('Immutable: accepted only when equal to the current key'),
  label: labelField.optional(),
  type: z.enum(CUSTOM_FIELD_TYPES).optional(),
  options: customFieldOptionsField.nullable().optional(),
  required: z.boolean().optional(),
  show_in_table: z.boolean().optional(),
  confirm_conversion: z.boolean().optional().describe('Confirms a type change of a field that users hold values of'),
  value_map: z
    .record(z.string().max(1000), z.string().max(1000).nullable())
    .optional()
    .describe('Stored value → the value it becomes (checked against the new definition), or null to clear it'),
  unconvertible: z
    .enum(['refuse', 'clear'])
    .optional()
    .describe('What happens to values that neither convert nor are mapped: refuse (default, 422) or clear'),
});
export type CustomFieldUpdateBody = z.infer<typeof customFieldUpdateBody>;

/** The ids of all the company's fields in their new order. */
export const customFieldOrderBody = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(CUSTOM_FIELDS_PER_COMPANY_MAX),
});

/** A JSON array of strings in one query parameter (option texts may hold commas). */
const jsonOptions = z
  .string()
  .max(40_000)
  .transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((option) => typeof option === 'string')) return parsed as string[];
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'Send the options as a JSON array of strings.' });
    return z.NEVER;
  });

/** GET /custom-fields/{id}/conversion?type=select&options=["A","B"] */
export const customFieldConversionQuery = z.object({
  type: z.enum(CUSTOM_FIELD_TYPES).optional().describe('The new type; the current one when absent'),
  options: jsonOptions.optional().describe('The new select options as a JSON array of strings'),
});

const conversionExample = z.object({ value: z.string(), users: z.number().int() });

export const customFieldConversion = z.object({
  users: z.number().int().describe('Users holding a value of the field'),
  convertible: z.number().int().describe('Of those, users whose value fits the new definition'),
  changed: z.number().int().describe('Of the convertible, users whose stored text changes (e.g. 042 → 42)'),
  unconvertible: z.number().int(),
  examples: z.array(conversionExample).describe('Unconvertible values, the most held first'),
});
export type CustomFieldConversion = z.infer<typeof customFieldConversion>;

export const customFieldUpdateResponse = z.object({
  data: customField,
  conversion: z
    .object({ converted: z.number().int(), mapped: z.number().int(), cleared: z.number().int() })
    .nullable()
    .describe('What happened to stored values, when the definition changed them'),
});

export const customFieldDeleteResponse = z.object({
  data: z.object({ id: z.number().int(), values_deleted: z.number().int() }),
});

/* ---- Value rules: the one definition of what each type accepts, used by the API and the console ---- */

export type CustomFieldInputValue = string | number | boolean;
export type CustomFieldValueResult = { value: string } | { error: string };

const CUSTOM_FIELD_VALUE_MESSAGES = {
  control: 'Remove control characters.',
  number: 'Enter a number.',
  date: 'Enter a date as YYYY-MM-DD.',
  boolean: 'Choose yes or no.',
  select: 'Choose one of the options.',
  tooLong: 'Use at most 1000 characters.',
} as const;

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BOOLEANS = new Map([
  ['true', 'true'],
  ['1', 'true'],
  ['yes', 'true'],
  ['false', 'false'],
  ['0', 'false'],
  ['no', 'false'],
]);

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The canonical stored text of a value for a field of this type, or the message saying why it does
 * not fit: numbers as `String(Number(x))` (`042` → `42`), dates as `YYYY-MM-DD`, booleans as
 * `true`/`false` (from true/false, 1/0, yes/no), select values exactly as one of the options.
 */
export function normalizeCustomFieldValue(
  field: { type: string; options: readonly string[] | null },
  input: CustomFieldInputValue,
): CustomFieldValueResult {
  const text = typeof input === 'string' ? input.trim() : String(input);
  if (text.includes('\u0000')) return { error: CUSTOM_FIELD_VALUE_MESSAGES.control };
  if (text.length > 1000) return { error: CUSTOM_FIELD_VALUE_MESSAGES.tooLong };
  switch (field.type) {
    case 'number':
      if (typeof input === 'boolean' || !NUMBER.test(text) || !Number.isFinite(Number(text)))
        return { error: CUSTOM_FIELD_VALUE_MESSAGES.number };
      return { value: String(Number(text)) };
    case 'date':
      return typeof input === 'string' && isCalendarDate(text)
        ? { value: text }
        : { error: CUSTOM_FIELD_VALUE_MESSAGES.date };
    case 'boolean': {
      const value = BOOLEANS.get(text.toLowerCase());
      return value ? { value } : { error: CUSTOM_FIELD_VALUE_MESSAGES.boolean };
    }
    case 'select':
      return (field.options ?? []).includes(text) ? { value: text } : { error: CUSTOM_FIELD_VALUE_MESSAGES.select };
    default:
      return { value: text };
  }
}
