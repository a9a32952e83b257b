import type { Company, CustomFieldListItem, Department, User, UserAssignment } from '@heed/contract';
import type { ReactElement } from 'react';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { type ConsoleSession, ConsoleSessionProvider, type SessionUser } from '../../../lib/console-session.tsx';
import { makeCompany } from '../../../test/company-fixture.ts';
import { makeUser } from './users-fixtures.ts';

export const COMPANY: Company = makeCompany();

/** The signed-in user: a Company Manager of Acme unless overridden. */
export function sessionOf(overrides: Partial<SessionUser> = {}): ConsoleSession {
  const user: SessionUser = {
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
    ...overrides,
  };
  return { user, company: COMPANY };
}

/** Operations > Plant A > Line 1, and Sales. */
export const DEPARTMENTS: Department[] = [
  { id: 10, name: 'Operations', parent_id: null, path: '/10/', user_count: 3, total_user_count: 9 },
  { id: 11, name: 'Plant A', parent_id: 10, path: '/10/11/', user_count: 4, total_user_count: 6 },
  { id: 12, name: 'Line 1', parent_id: 11, path: '/10/11/12/', user_count: 2, total_user_count: 2 },
  { id: 20, name: 'Sales', parent_id: null, path: '/20/', user_count: 5, total_user_count: 5 },
];

const field = (f: Partial<CustomFieldListItem> & Pick<CustomFieldListItem, 'id' | 'key' | 'label' | 'type'>) => ({
  options: null,
  required: false,
  show_in_table: true,
  position: f.id,
  ...f,
});

/** One field of each type; the employee id is required. */
export const FIELDS: CustomFieldListItem[] = [
  field({ id: 1, key: 'employee_id', label: 'Employee ID', type: 'text', required: true }),
  field({ id: 2, key: 'location', label: 'Location', type: 'select', options: ['Detroit, MI', 'Remote'] }),
  field({ id: 3, key: 'union_member', label: 'Union member', type: 'boolean' }),
  field({ id: 4, key: 'shoe_size', label: 'Shoe size', type: 'number' }),
  field({ id: 5, key: 'first_aid', label: 'First aid until', type: 'date' }),
];

/** Ada Lovelace (id 7): a learner in Plant A, managed by Margaret Boss, with a value in every custom field. */
export const ADA: User = makeUser(7, {
  username: 'ada.lovelace',
  email: 'ada@acme.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  role: 0,
  suspended: false,
  department: { id: 11, name: 'Plant A' },
  manager: { id: 1, name: 'Margaret Boss' },
  phone: '+1 555 0100',
  hired_at: '2021-04-01',
  custom_fields: {
    employee_id: 'AC-10007',
    location: 'Remote',
    union_member: 'true',
    shoe_size: '38',
    first_aid: '2026-05-31',
  },
});

export const ASSIGNMENTS: UserAssignment[] = [
  {
    id: 90,
    course: { id: 3, name: 'Phishing Awareness' },
    status: 'overdue',
    progress: 0,
    source: 'manual',
    rule: null,
    assigned_at: '2026-01-10T08:00:00.000Z',
    due_at: '2026-02-10T23:59:59.000Z',
    completed_at: null,
    score: null,
    expires_at: null,
  },
  {
    id: 80,
    course: { id: 1, name: 'Code of Conduct' },
    status: 'completed',
    progress: 100,
    source: 'rule',
    rule: { id: 4, name: 'Everyone' },
    assigned_at: '2025-06-01T08:00:00.000Z',
    due_at: '2025-07-01T23:59:59.000Z',
    completed_at: '2025-06-20T10:00:00.000Z',
    score: 92,
    expires_at: null,
  },
];

const page = <T,>(data: T[]) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
});

/**
 * Acme's API for the drawer: Ada, the departments, the custom fields, her assignments, a user
 * search; `extra` answers first (saves, failures).
 */
export function drawerApi(extra: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    switch (call.path) {
      case `/api/v3/users/${ADA.id}`:
        return json({ data: ADA });
      case '/api/v3/custom-fields':
        return json({ data: FIELDS });
      case '/api/v3/departments':
        return json({ data: DEPARTMENTS });
      case `/api/v3/users/${ADA.id}/assignments`:
        return json(page(ASSIGNMENTS));
      case '/api/v3/users/all':
        return json(
          page([
            {
              id: 1,
              username: 'm.boss',
              name: 'Margaret Boss',
              email: null,
              role: 1,
              suspended: false,
              company: { id: 2, name: 'Acme' },
            },
            {
              id: 3,
              username: 'g.hopper',
              name: 'Grace Hopper',
              email: null,
              role: 2,
              suspended: false,
              company: { id: 2, name: 'Acme' },
            },
            {
              id: 99,
              username: 'x.other',
              name: 'Grace Elsewhere',
              email: null,
              role: 2,
              suspended: false,
              company: { id: 5, name: 'Other' },
            },
          ]),
        );
      default:
        return undefined;
    }
  });
}

/** Renders `element` at `url` inside the console's session (a Company Manager unless given). */
export function renderWithSession(url: string, element: ReactElement, session: ConsoleSession = sessionOf()) {
  return renderAt(url, <ConsoleSessionProvider session={session}>{element}</ConsoleSessionProvider>);
}
