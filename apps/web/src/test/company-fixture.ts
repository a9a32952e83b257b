import type { Company } from '@heed/contract';

/** A company record as GET /companies/{id} returns it: Acme (id 2) unless overridden. */
export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 2,
    name: 'Acme',
    suspended: false,
    department_label: 'Department',
    department_label_plural: 'Departments',
    logout_url: null,
    question_reports: false,
    session_idle_minutes: 30,
    session_absolute_hours: 12,
    time_zone: 'UTC',
    primary_color: null,
    logo_path: null,
    logo_url: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
