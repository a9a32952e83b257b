import { z } from 'zod';
import { listQuery, timestamp } from '../common.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { NOTIFICATION_METHODS, NOTIFICATION_TYPES } from './notification-types.ts';

/** Longest template texts: a subject line, an e-mail body, an SMS (ten parts). */
export const TEMPLATE_LIMITS = { name: 120, subject: 255, emailBody: 20_000, smsBody: 1_600 } as const;
/** Most ids one bulk delete takes. */
export const TEMPLATE_BULK_MAX = 500;

export const TEMPLATE_SORTS = ['type', 'method', 'name', 'updated_at', 'id'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

/** Where a template comes from: the system's default, or the company's own (a customised copy or a new one). */
export const TEMPLATE_SOURCES = ['default', 'custom'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];
export const TEMPLATE_SOURCE_LABELS: Record<TemplateSource, string> = { default: 'Default', custom: 'Customised' };

/** `field[name]=a,b` filters of GET /templates (comma lists). */
export const TEMPLATE_FILTERS = ['type', 'method', 'source'] as const;
export type TemplateFilter = (typeof TEMPLATE_FILTERS)[number];

/** GET /templates: paged, sorted; `text` (name, subject, body) and `field[type|method|source]=` filters. */
export const listTemplatesQuery = listQuery(TEMPLATE_SORTS);
export type ListTemplatesQuery = z.infer<typeof listTemplatesQuery>;

export const templateListItem = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  method: z.enum(NOTIFICATION_METHODS),
  name: z.string(),
  subject: z.string().nullable(),
  /** default: a system default (company_id null, read-only); custom: the company's own. */
  source: z.enum(TEMPLATE_SOURCES),
  /** For a customised copy: the system default it overrides (used instead of it for the company). */
  default_id: z.number().int().nullable(),
  updated_at: timestamp,
});
export type TemplateListItem = z.infer<typeof templateListItem>;

export const notificationTemplate = templateListItem.extend({
  body: z.string(),
  created_at: timestamp,
});
export type NotificationTemplate = z.infer<typeof notificationTemplate>;

const name = z.string().trim().min(1, FIELD_MESSAGES.required).max(TEMPLATE_LIMITS.name);
const subject = z.string().trim().max(TEMPLATE_LIMITS.subject).nullable().optional();
const body = z
  .string()
  .max(TEMPLATE_LIMITS.emailBody)
  .refine((v) => v.trim() !== '', FIELD_MESSAGES.required);

/**
 * POST /templates. `default_id` makes the template the company's customised copy of that system default
 * (same type and method; one per default): it is used instead of the default from then on. E-mail
 * templates need a subject; SMS templates have none and at most 1,600 characters.
 */
export const templateCreateBody = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  method: z.enum(NOTIFICATION_METHODS),
  name,
  subject,
  body,
  default_id: z.number().int().positive().nullable().optional(),
});
export type TemplateCreateBody = z.infer<typeof templateCreateBody>;

/** PUT /templates/{id}: a company template's texts (type and method stay). */
export const templateUpdateBody = z.object({ name, subject, body });
export type TemplateUpdateBody = z.infer<typeof templateUpdateBody>;

/** POST /templates/preview: renders unsaved texts with sample data (the same checks as saving). */
export const templatePreviewBody = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  method: z.enum(NOTIFICATION_METHODS),
  subject,
  body,
});
export type TemplatePreviewBody = z.infer<typeof templatePreviewBody>;

export const templatePreview = z.object({
  subject: z.string().nullable(),
  /** The complete e-mail document (layout included); for SMS the text, escaped, in a <pre>. */
  html: z.string(),
  text: z.string(),
  sms: z
    .object({ characters: z.number().int(), parts: z.number().int(), encoding: z.enum(['gsm', 'unicode']) })
    .nullable(),
});
export type TemplatePreview = z.infer<typeof templatePreview>;

/** DELETE /templates: the company's own templates; any other id (another company's, a default) → nothing deleted. */
export const templatesDeleteBody = z.object({
  template_ids: z.array(z.number().int().positive()).min(1, FIELD_MESSAGES.required).max(TEMPLATE_BULK_MAX),
});
export type TemplatesDeleteBody = z.infer<typeof templatesDeleteBody>;

export const templatesDeleteResponse = z.object({ data: z.object({ deleted: z.number().int() }) });
