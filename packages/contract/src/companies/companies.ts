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
};

export const companyBody = z.object({
  ...companyFields,
  department_label: companyFields.department_label.default(DEFAULT_DEPARTMENT_LABEL),
  logout_url: companyFields.logout_url.optional(),
  question_reports: companyFields.question_reports.default(false),
  suspended: companyFields.suspended.default(false),
  session_idle_minutes: companyFields.session_idle_minutes.default(30),
  session_absolute_hours: companyFields.session_absolute_hours.default(12),
});
/** Partial: a field left out keeps its value (no defaults here, unlike `companyBody`). */
export const companyUpdateBody = z.object(companyFields).partial();

export const listCompaniesQuery = z.object({
  ...pageQuery,
  name: z.string().trim().max(120).optional(),
  suspended: queryFlag.optional().describe('0 leaves suspended companies out'),
});

/** Plural of the company's department label ("Department" → "Departments", "Facility" → "Facilities"). */
export function pluralizeLabel(label: string): string {
  if (/[^aeiou]y$/i.test(label)) return `${label.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(label)) return `${label}es`;
  return `${label}s`;
}

export const ASSET_TYPES = ['logo', 'certificate_background', 'policy_document'] as const;
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
};

const MB = 1024 * 1024;
const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * What each asset type accepts. The server checks the file's first bytes, not the declared type;
 * SVG is not accepted (it can carry script).
 */
export const ASSET_RULES: Record<AssetType, { mimes: readonly string[]; maxBytes: number; accepts: string }> = {
  logo: { mimes: IMAGE_MIMES, maxBytes: 2 * MB, accepts: 'a PNG, JPEG or WebP image' },
  certificate_background: { mimes: IMAGE_MIMES, maxBytes: 2 * MB, accepts: 'a PNG, JPEG or WebP image' },
  policy_document: { mimes: ['application/pdf'], maxBytes: 10 * MB, accepts: 'a PDF document' },
};
export const MAX_ASSET_BYTES = Math.max(...Object.values(ASSET_RULES).map((rule) => rule.maxBytes));

export const listAssetsQuery = z.object({ type: z.enum(ASSET_TYPES).optional() });
export const deleteAssetQuery = z.object({ path: z.string().min(1).max(512) });
export const assetFileQuery = deleteAssetQuery;
