import type { CategoryTreeNode, Company, Course, CourseListItem, CourseTopic } from '@heed/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { type ApiCall, json, mockApi } from '../../../components/list-page/testing.tsx';
import { ConsoleSessionProvider, type ConsoleSession, type SessionUser } from '../../../lib/console-session.tsx';
import { theme } from '../../../lib/theme.ts';
import CourseEditorPage from '../pages/course-editor-page.tsx';
import CoursesListPage from '../pages/courses-list-page.tsx';

// jsdom has no document.fonts; Mantine's autosizing textarea listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });

export const COURSES = '/api/v3/courses';
export const CATEGORIES = '/api/v3/course-categories';
export const PREFERENCES = '/api/v3/users/preferences';

const COMPANY: Company = {
  id: 1,
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
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** A site admin, or a Company Manager (role 1) of Acme. */
export function sessionOf(kind: 'site-admin' | 'company-manager'): ConsoleSession {
  const user: SessionUser = {
    id: 1,
    username: kind === 'site-admin' ? 'admin' : 'acme.cm',
    email: null,
    first_name: 'Ada',
    last_name: 'Admin',
    role: 1,
    site_admin: kind === 'site-admin',
    suspended: false,
    impersonator: null,
    company: COMPANY,
  };
  return { user, company: COMPANY };
}

const node = (
  id: number,
  name: string,
  parent_id: number | null,
  children: CategoryTreeNode[] = [],
): CategoryTreeNode => ({
  id,
  name,
  label: name,
  display_name: name,
  parent_id,
  category: true,
  children,
});

/** System Root › Compliance › Financial Crime; System Root › Safety. */
export const CATEGORY_TREE: CategoryTreeNode = node(0, 'System Root', null, [
  node(1, 'Compliance', null, [node(3, 'Financial Crime', 1)]),
  node(2, 'Safety', null),
]);

export function makeCourse(id: number, overrides: Partial<CourseListItem> = {}): CourseListItem {
  return {
    id,
    name: `Course ${id}`,
    category: { id: 1, name: 'Compliance' },
    description: null,
    duration_minutes: 30,
    passing_score: 80,
    attempts_allowed: null,
    recertify_months: 12,
    renewal_days: 30,
    grace_days: 0,
    active: true,
    all_companies: id % 2 === 0,
    companies: id % 2 === 0 ? 0 : 2,
    topics_count: 3,
    learners: 1200 + id,
    thumbnail_path: null,
    version: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A paged answer of GET /courses over `total` courses. */
export function coursesAnswer(call: ApiCall, total: number): Response {
  const page = Number(call.query.get('page') ?? 1);
  const perPage = Number(call.query.get('per_page') ?? 25);
  const first = (page - 1) * perPage + 1;
  const count = Math.max(0, Math.min(perPage, total - first + 1));
  return json({
    data: Array.from({ length: count }, (_, i) => makeCourse(first + i)),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total },
  });
}

const topic = (id: number, name: string, overrides: Partial<CourseTopic> = {}): CourseTopic => ({
  id,
  name,
  kind: 'text',
  content: `<p>${name} text</p>`,
  question_pool: null,
  shuffle: false,
  position: id,
  questions: [],
  media_id: null,
  media: null,
  ...overrides,
});

/** A stored course with a text topic and a questions topic. */
export function storedCourse(overrides: Partial<Course> = {}): Course {
  return {
    ...makeCourse(7, { name: 'Fire Safety', category: { id: 2, name: 'Safety' }, all_companies: true, companies: 0 }),
    company_ids: [],
    topics: [
      topic(11, 'Why it matters'),
      topic(12, 'Check yourself', {
        kind: 'questions',
        content: null,
        questions: [
          {
            id: 21,
            type: 'single',
            prompt: 'Where do you meet?',
            position: 1,
            options: [
              { text: 'At the assembly point', correct: true, feedback: 'Right.' },
              { text: 'In the car park', correct: false, feedback: null },
            ],
          },
        ],
      }),
    ],
    ...overrides,
  };
}

/** The API of the courses pages: lists, the category tree, preferences; `write` answers the rest. */
export function mockCoursesApi(options: {
  total?: number;
  course?: Course;
  write?: (call: ApiCall) => Response | undefined;
}) {
  return mockApi((call) => {
    if (call.path === PREFERENCES) return json({ data: null });
    if (call.method === 'GET' && call.path === CATEGORIES) return json({ data: CATEGORY_TREE });
    if (call.method === 'GET' && call.path === COURSES) return coursesAnswer(call, options.total ?? 40);
    if (call.method === 'GET' && options.course && call.path === `${COURSES}/${options.course.id}`)
      return json({ data: options.course });
    return options.write?.(call);
  });
}

/** The courses pages under a memory router at `url`, as `session` sees them. */
export function renderCourses(url: string, session: ConsoleSession = sessionOf('site-admin')) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const framed = (element: React.ReactElement) => (
    <ConsoleSessionProvider session={session}>{element}</ConsoleSessionProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/settings/courses', element: framed(<CoursesListPage />) },
      { path: '/settings/courses/new', element: framed(<CourseEditorPage />) },
      { path: '/settings/courses/:id', element: framed(<CourseEditorPage />) },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications transitionDuration={0} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...view,
    router,
    address: () => decodeURIComponent(router.state.location.pathname + router.state.location.search),
  };
}
