import { type Company, isTimeZone } from '@heed/contract';
import type { CompanyCreateBody } from '../api/create-company.ts';
import type { CompanyUpdateBody } from '../api/update-company.ts';

/** What the Edit Company and Add New Company forms hold: text inputs as strings. */
export interface CompanyFormValues {
  name: string;
  department_label: string;
  logout_url: string;
  question_reports: boolean;
  suspended: boolean;
  time_zone: string;
  session_idle_minutes: number | string;
  session_absolute_hours: number | string;
  primary_color: string;
  logo_path: string | null;
}

export const emptyCompanyValues: CompanyFormValues = {
  name: '',
  department_label: 'Department',
  logout_url: '',
  question_reports: false,
  suspended: false,
  time_zone: 'UTC',
  session_idle_minutes: 30,
  session_absolute_hours: 12,
  primary_color: '',
  logo_path: null,
};

export const companyValuesOf = (company: Company): CompanyFormValues => ({
  name: company.name,
  department_label: company.department_label,
  logout_url: company.logout_url ?? '',
  question_reports: company.question_reports,
  suspended: company.suspended,
  time_zone: company.time_zone,
  session_idle_minutes: company.session_idle_minutes,
  session_absolute_hours: company.session_absolute_hours,
  primary_color: company.primary_color ?? '',
  logo_path: company.logo_path,
});

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const wholeIn = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The checks the server makes too (it has the last word: its 422 details land on the same fields). */
export function validateCompany(values: CompanyFormValues): Partial<Record<keyof CompanyFormValues, string>> {
  const errors: Partial<Record<keyof CompanyFormValues, string>> = {};
  if (!values.name.trim()) errors.name = 'Enter the company name.';
  if (!values.department_label.trim()) errors.department_label = 'Enter the department label.';
  if (values.logout_url.trim() && !isHttpUrl(values.logout_url.trim()))
    errors.logout_url = 'Enter an http or https address.';
  if (!isTimeZone(values.time_zone)) errors.time_zone = 'Choose a time zone from the list.';
  if (!wholeIn(values.session_idle_minutes, 5, 1440))
    errors.session_idle_minutes = 'Between 5 and 1,440 minutes (a day).';
  if (!wholeIn(values.session_absolute_hours, 1, 720))
    errors.session_absolute_hours = 'Between 1 and 720 hours (30 days).';
  if (values.primary_color && !/^#[0-9a-fA-F]{6}$/.test(values.primary_color))
    errors.primary_color = 'Enter a colour as #rrggbb.';
  return errors;
}

function common(values: CompanyFormValues) {
  return {
    name: values.name.trim(),
    department_label: values.department_label.trim(),
    logout_url: values.logout_url.trim() || null,
    time_zone: values.time_zone,
    session_idle_minutes: Number(values.session_idle_minutes),
    session_absolute_hours: Number(values.session_absolute_hours),
    primary_color: values.primary_color || null,
  };
}

/**
 * The PUT body: a Company Manager never sends suspension or question reports (only site admins may
 * change them), and the logo only where the form offers it.
 */
export function updateBodyOf(values: CompanyFormValues, siteAdmin: boolean): CompanyUpdateBody {
  return {
    ...common(values),
    logo_path: values.logo_path,
    ...(siteAdmin ? { suspended: values.suspended, question_reports: values.question_reports } : {}),
  };
}

export interface CopyChoice {
  companyId: number | null;
  departments: boolean;
  custom_fields: boolean;
  templates: boolean;
  rules: boolean;
}

export const noCopy: CopyChoice = {
  companyId: null,
  departments: true,
  custom_fields: true,
  templates: true,
  rules: true,
};

export function createBodyOf(values: CompanyFormValues, copy: CopyChoice): CompanyCreateBody {
  const { companyId, ...parts } = copy;
  return {
    ...common(values),
    suspended: values.suspended,
    question_reports: values.question_reports,
    ...(companyId ? { copy_from: { company_id: companyId, ...parts } } : {}),
  };
}

/** The server's field messages (422 details) as the form's errors; `copy_from.company_id` lands on the copy choice. */
export function serverFieldErrors(details: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(details).map(([field, messages]) => [field, messages.join(' ')]));
}
