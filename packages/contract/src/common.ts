import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** Error body (spec §3): error.message and optional error.details (field → messages). */
export const errorBody = z.object({
  error: z.object({
    message: z.string(),
    details: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const pageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** Paged list response (spec §3): `data` and `meta.last_page`. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMeta });
}

export function single<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('1-based page number'),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** Flag sent as 0/1 (or true/false) in a query string. */
export const queryFlag = z
  .union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true');

/**
 * List query (PRODUCT.md "Lists"): page, per_page, sort, order, text and `field[name]=a,b` filters.
 * The field filters are collected by {@link fieldFilters}.
 */
export function listQuery<S extends readonly [string, ...string[]]>(sortable: S) {
  return z.looseObject({
    ...pageQuery,
    sort: z.enum(sortable).default(sortable[0] as S[0]),
    order: z.enum(['asc', 'desc']).default('asc'),
    text: z.string().trim().max(200).optional(),
  });
}

const FIELD_KEY = /^field\[([a-z0-9_.-]{1,64})\]$/i;

/** Collects `field[name]=a,b` query parameters into `{ name: ['a', 'b'] }`. */
export function fieldFilters(query: Record<string, unknown>): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(query)) {
    const match = FIELD_KEY.exec(key);
    if (!match?.[1]) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
    filters[match[1]] = values.map((v) => v.trim()).filter((v) => v !== '');
  }
  return filters;
}

/** E-mail check (spec §5): text, an @, text, a dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailField = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, FIELD_MESSAGES.email);

/** URL check (spec §5): only http or https addresses. */
export const httpUrlField = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, FIELD_MESSAGES.httpUrl);

export const timestamp = z.string().describe('ISO-8601 UTC timestamp');
