import { z } from 'zod';
import { httpUrlField, pageQuery, queryFlag, timestamp } from './common.ts';
import { DEFAULT_DEPARTMENT_LABEL } from './constants.ts';

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

export const companyBody = z.object({
  name: z.string().trim().min(1, 'Enter the company name.').max(120),
  department_label: z.string().trim().min(1).max(40).default(DEFAULT_DEPARTMENT_LABEL),
  logout_url: httpUrlField.nullable().optional(),
  question_reports: z.boolean().default(false),
  suspended: z.boolean().default(false),
  session_idle_minutes: z.number().int().min(5).max(1440).default(30),
  session_absolute_hours: z.number().int().min(1).max(720).default(12),
});
export const companyUpdateBody = companyBody.partial();

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

export const listAssetsQuery = z.object({ type: z.enum(ASSET_TYPES).optional() });
export const deleteAssetQuery = z.object({ path: z.string().min(1).max(512) });
