import type { AssignmentRule } from '@heed/contract';
import type { ReactElement } from 'react';
import { renderAt } from '../../../components/list-page/testing.tsx';
import { type ConsoleSession, ConsoleSessionProvider } from '../../../lib/console-session.tsx';
import { makeCompany } from '../../../test/company-fixture.ts';

export const RULES = '/api/v3/assignment-rules';

const COMPANY = makeCompany();

export const cmSession = (): ConsoleSession => ({
  user: {
    id: 1,
    username: 'carla.cm',
    email: 'carla@acme.test',
    first_name: 'Carla',
    last_name: 'Manager',
    role: 1,
    site_admin: false,
    suspended: false,
    impersonator: null,
    company: COMPANY,
  },
  company: COMPANY,
});

export const renderPage = (element: ReactElement) =>
  renderAt(
    '/settings/rules',
    <ConsoleSessionProvider session={cmSession()}>{element}</ConsoleSessionProvider>,
    '/settings/rules',
  );

export const DEPARTMENTS = [
  { id: 10, name: 'Operations', parent_id: null, path: '/10/', user_count: 3, total_user_count: 5 },
  { id: 11, name: 'Plant A', parent_id: 10, path: '/10/11/', user_count: 2, total_user_count: 2 },
];

export const makeRule = (overrides: Partial<AssignmentRule> = {}): AssignmentRule => ({
  id: 7,
  name: 'Plant safety',
  match: 'all',
  conditions: [
    { field: 'department_id', operator: 'in', value: [10] },
    { field: 'role', operator: 'in', value: [0] },
  ],
  courses: [{ id: 3, name: 'Fire Safety' }],
  due_days: 14,
  recertify_months: null,
  active: true,
  last_run_at: '2026-11-26T02:00:00.000Z',
  open_assignments: 4,
  exclusions: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const pageOf = <T,>(data: T[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
});
