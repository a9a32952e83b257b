import { z } from 'zod';
import { httpUrlField, pageQuery, queryFlag, timestamp } from '../common.ts';
import { DEFAULT_DEPARTMENT_LABEL } from '../constants.ts';

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  suspended: z.boolean(),
  department_label: z.string(),
  department_label_plural: z.string(),
  logout_url: z.string().nullable(),
  question_reports: z.boolean(),
  session_idle_minutes: z.number().int(),
  session_absolute_hours: z.number().int(),
  time_zone: z.string().describe('IANA time zone'),
  primary_color: z.string().nullable().describe('#rrggbb; null: Heed accent'),
  logo_path: z.string().nullable().describe('storage key of the logo asset shown; null: none'),
  logo_url: z.string().nullable(),
  user_count: z.number().int().optional(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Company = z.infer<typeof company>;

const companyFields = {
  name: z.string().trim().min(1, 'Enter the company name.').max(120),
  department_label: z.string().trim().min(1, 'Enter the department label.').max(40),
  logout_url: httpUrlField.nullable(),
  question_reports: z.boolean(),
  suspended: z.boolean(),
  session_idle_minutes: z.number().int().min(5).max(1440),
  session_absolute_hours: z.number().int().min(1).max(720),
  time_zone: z.string().trim().max(64).refine(isTimeZone, 'Choose a time zone from the list.'),
  primary_color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.')
    .transform((value) => value.toLowerCase())
    .nullable(),
  logo_path: z.string().min(1).max(512).nullable().describe("the `path` of one of the company's logo assets"),
};

/** What a new company copies from an existing one (Add New Company: onboarding a client in a minute). */
export const companyCopyFrom = z.object({
  company_id: z.number().int().positive().max(2_147_483_647),
  departments: z.boolean().default(true),
  custom_fields: z.boolean().default(true),
  templates: z.boolean().default(true),
  rules: z.boolean().default(true),
});
export type CompanyCopyFrom = z.infer<typeof companyCopyFrom>;

export const companyBody = z.object({
  ...companyFields,
  department_label: companyFields.department_label.default(DEFAULT_DEPARTMENT_LABEL),
  logout_url: companyFields.logout_url.optional(),
  question_reports: companyFields.question_reports.default(false),
  suspended: companyFields.suspended.default(false),
  session_idle_minutes: companyFields.session_idle_minutes.default(30),
  session_absolute_hours: companyFields.session_absolute_hours.default(12),
  time_zone: companyFields.time_zone.default('UTC'),
  primary_color: companyFields.primary_color.optional(),
  logo_path: companyFields.logo_path.optional(),
  copy_from: companyCopyFrom.optional().describe('copies departments, custom fields, templates and rules'),
});
/** Partial: a field left out keeps its value (no defaults here, unlike `companyBody`). */
export const companyUpdateBody = z.object(companyFields).partial();

export const listCompaniesQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(120).optional(),
  suspended: queryFlag.optional().describe('0 leaves suspended companies out'),
});

/** An IANA time zone name this runtime knows ("UTC", "Europe/Paris"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The time zones offered in Edit Company: UTC, then the runtime's IANA list. */
export function timeZoneNames(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const names = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}

/** Plural of the company's department label ("Department" → "Departments", "Facility" → "Facilities"). */
export function pluralizeLabel(label: string): string {
  if (/[^aeiou]y$/i.test(label)) return `${label.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(label)) return `${label}es`;
  return `${label}s`;
}

export const ASSET_TYPES = ['logo', 'certificate_background', 'policy_document', 'course_media'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const asset = z.object({
  id: z.number().int(),
  type: z.enum(ASSET_TYPES),
  path: z.string(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  created_at: timestamp,
});
export type Asset = z.infer<typeof asset>;

export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  logo: 'Logo',
  certificate_background: 'Certificate background',
  policy_document: 'Policy document',
  course_media: 'Course media',
};

const MB = 1024 * 1024;
const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const SVG_MIME = 'image/svg+xml';

/**
 * What each asset type accepts (decisions 006 and 072). The server checks the file's content, not its
 * name or declared type; an SVG logo is accepted only when it holds nothing that can run or fetch.
 */
export const ASSET_RULES: Record<AssetType, { mimes: readonly string[]; maxBytes: number; accepts: string }> = {
  logo: { mimes: [...IMAGE_MIMES, SVG_MIME], maxBytes: 2 * MB, accepts: 'a PNG, JPEG, WebP or SVG image' },
  certificate_background: { mimes: IMAGE_MIMES, maxBytes: 2 * MB, accepts: 'a PNG, JPEG or WebP image' },
  policy_document: { mimes: ['application/pdf'], maxBytes: 10 * MB, accepts: 'a PDF document' },
  course_media: {
    mimes: ['video/mp4', 'video/webm', ...IMAGE_MIMES, 'application/pdf'],
    maxBytes: 500 * MB,
    accepts: 'an MP4 or WebM video, a PNG, JPEG or WebP image, or a PDF document',
  },
};
/**
 * A course thumbnail: an image asset (uploaded as course media) of at most 2 MB; the course stores the
 * asset's `url`. The course editor checks a file before uploading it, the course save checks the asset.
 */
export const COURSE_THUMBNAIL_RULE = {
  mimes: IMAGE_MIMES,
  maxBytes: 2 * MB,
  accepts: 'a PNG, JPEG or WebP image',
} as const;

/** Whether browsers show an asset of this type inline (images); anything else downloads. */
export const isInlineAssetMime = (mime: string) => mime.startsWith('image/');
export const MAX_ASSET_BYTES = Math.max(...Object.values(ASSET_RULES).map((rule) => rule.maxBytes));

export const listAssetsQuery = z.object({ type: z.enum(ASSET_TYPES).optional() });
export const deleteAssetQuery = z.object({ path: z.string().min(1).max(512) });
export const assetFileQuery = deleteAssetQuery;
