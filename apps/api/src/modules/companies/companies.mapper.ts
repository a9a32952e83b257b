import { type Company, endpointUrl, endpoints, pluralizeLabel } from '@heed/contract';
import type { CompanyRow } from '../../db/types.ts';

const fileUrl = endpointUrl(endpoints.getAssetFile);

/** The address an asset's file is served at (`GET /companies/assets/file?path=`). */
export const assetFileUrl = (path: string) => `${fileUrl}?path=${encodeURIComponent(path)}`;

/** A companies row (with an optional user count) as the contract's `company`. */
export function toCompany(row: CompanyRow & { user_count?: number | string | null }): Company {
  return {
    id: row.id,
    name: row.name,
    suspended: row.suspended === 1,
    department_label: row.department_label,
    department_label_plural: pluralizeLabel(row.department_label),
    logout_url: row.logout_url,
    question_reports: row.question_reports === 1,
    session_idle_minutes: row.session_idle_minutes,
    session_absolute_hours: row.session_absolute_hours,
    time_zone: row.time_zone,
    primary_color: row.primary_color,
    logo_path: row.logo_path,
    logo_url: row.logo_path ? assetFileUrl(row.logo_path) : null,
    ...(row.user_count === undefined || row.user_count === null ? {} : { user_count: Number(row.user_count) }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
