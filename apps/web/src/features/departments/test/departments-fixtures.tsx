import { type Company, type Department, ROLE } from '@heed/contract';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { ConsoleSessionProvider, type SessionUser } from '../../../lib/console-session.tsx';
import { DepartmentsPage } from '../pages/departments-page.tsx';

export const DEPARTMENTS = '/api/v3/departments';

const company: Company = {
  id: 1,
  name: 'Acme',
  suspended: false,
  department_label: 'Team',
  department_label_plural: 'Teams',
  logout_url: null,
  question_reports: false,
  session_idle_minutes: 30,
  session_absolute_hours: 12,
  time_zone: 'UTC',
  primary_color: null,
  logo_path: null,
  logo_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const department = (id: number, name: string, path: number[], user_count: number, total_user_count: number) => ({
  id,
  name,
  parent_id: path.length > 1 ? path[path.length - 2]! : null,
  path: `/${path.join('/')}/`,
  user_count,
  total_user_count,
});

/** Sales (2 direct, 6 in all) › EMEA (1, 4) › UK (3, 3); Sales › APAC (0); Ops (1), in the API's path order. */
export const TREE: Department[] = [
  department(1, 'Sales', [1], 2, 6),
  department(2, 'EMEA', [1, 2], 1, 4),
  department(3, 'UK', [1, 2, 3], 3, 3),
  department(4, 'APAC', [1, 4], 0, 0),
  department(5, 'Ops', [5], 1, 1),
];

/** The API: GET answers `list()`, and `write` answers everything else (default: 599, unmocked). */
export function mockDepartmentsApi(
  list: () => Response | Promise<Response> = () => json({ data: TREE }),
  write?: (call: ApiCall) => Response | undefined,
) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === DEPARTMENTS) return list();
    return write?.(call);
  });
}

/** The page as a signed-in user of the given role sees it (site admins: `siteAdmin`). */
export function renderDepartmentsPage(role: number = ROLE.CompanyManager, siteAdmin = false) {
  const user: SessionUser = {
    id: 7,
    username: 'me',
    email: null,
    first_name: 'Me',
    last_name: 'Myself',
    role,
    site_admin: siteAdmin,
    suspended: false,
    company,
    impersonator: null,
  };
  return renderAt(
    '/admin/settings/departments',
    <ConsoleSessionProvider session={{ user, company }}>
      <DepartmentsPage />
    </ConsoleSessionProvider>,
    '/admin/settings/departments',
  );
}
