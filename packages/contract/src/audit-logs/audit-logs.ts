import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts';
import { timestamp } from '../common.ts';

/**
 * Paging of the history lists (audit logs, course activity): keyset, not page numbers (decision 071).
 * `cursor` is the opaque `meta.next_cursor` of the page before; without it the list starts at its
 * first row. Deep pages cost what page 1 costs, at any size of table.
 */
export const cursorPageQuery = {
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, 'Use the next_cursor of the page before.')
    .optional()
    .describe("the page before's meta.next_cursor; leave out for the first page"),
};

export const cursorMeta = z.object({
  per_page: z.number().int(),
  /** The cursor of the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type CursorMeta = z.infer<typeof cursorMeta>;

export function cursorPaged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: cursorMeta });
}

/**
 * `field[name]=a,b` filters of GET /audit-logs. `company_id` takes ids or `all` (every company and the
 * platform's own entries); without it the list is the company the request acts on (the header's
 * company selector). `created_at` is a date range, `YYYY-MM-DD..YYYY-MM-DD` (either end may be left out).
 */
export const AUDIT_FILTER_FIELDS = [
  'company_id',
  'actor_id',
  'impersonator_id',
  'action',
  'entity_type',
  'entity_id',
  'created_at',
] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

export const listAuditLogsQuery = z.looseObject({
  ...cursorPageQuery,
  text: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('part of the action, the entity or the values before and after (not indexed: narrow by time first)'),
});

export const exportAuditLogsQuery = listAuditLogsQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx'),
});

const person = z.object({ id: z.number().int(), name: z.string(), username: z.string() });

/** One field of an entry's readable diff: its value before and after (null: absent). */
export const auditChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChange>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  created_at: timestamp,
  /** Who made the change (the impersonated user while impersonating); null: the system or a removed account. */
  actor: person.nullable(),
  actor_id: z.number().int().nullable(),
  /** The site admin or manager behind an impersonation. */
  impersonated_by: person.nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** The fields that changed (or were set, or removed), in the order the entry names them. */
  changes: z.array(auditChange),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const AUDIT_MESSAGES = {
  badCursor: 'Use the next_cursor of the page before.',
} as const;
