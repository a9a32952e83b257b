import type { ConsoleRouteName } from '@heed/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { usersListViewQuery } from '../../features/users/api/preference-store.ts';

type PageLoader = () => Promise<ComponentType>;

/**
 * The page of every route, each in its own chunk. A feature issue replaces a placeholder by pointing
 * its route at the feature's page, as the Users page does.
 */
export const ROUTE_PAGES: Record<ConsoleRouteName, PageLoader> = {
  home: () => import('../../features/reports/pages/home-page.tsx').then((m) => m.default),
  logout: () => import('../pages/logout-page.tsx').then((m) => m.LogoutPage),
  users: () => import('../../features/users/pages/users-list-page.tsx').then((m) => m.default),
  'users-import': () => import('../../features/users-import/pages/users-import-page.tsx').then((m) => m.default),
  'users-import-new': () =>
    import('../../features/users-import/pages/users-import-new-page.tsx').then((m) => m.default),
  assignments: () => import('../../features/assignments/pages/assignments-list-page.tsx').then((m) => m.default),
  'assignments-new': () => import('../../features/assignments/pages/assignments-new-page.tsx').then((m) => m.default),
  notifications: () => import('../../features/notifications/pages/notifications-page.tsx').then((m) => m.default),
  'course-activity': () =>
    import('../../features/course-activity/pages/course-activity-page.tsx').then((m) => m.default),
  audit: () => import('../../features/audit-logs/pages/audit-logs-page.tsx').then((m) => m.default),
  'automated-reports': () =>
    import('../../features/automated-reports/pages/automated-reports-page.tsx').then((m) => m.default),
  'custom-fields': () => import('../pages/custom-fields-page.tsx').then((m) => m.CustomFieldsPage),
  courses: () => import('../../features/courses/pages/courses-list-page.tsx').then((m) => m.default),
  'courses-new': () => import('../../features/courses/pages/course-editor-page.tsx').then((m) => m.default),
  'courses-edit': () => import('../../features/courses/pages/course-editor-page.tsx').then((m) => m.default),
  departments: () => import('../pages/departments-page.tsx').then((m) => m.DepartmentsPage),
  hris: () => import('../../features/hris/pages/hris-page.tsx').then((m) => m.default),
  sso: () => import('../../features/sso/pages/sso-page.tsx').then((m) => m.default),
  'notification-templates': () =>
    import('../../features/notification-templates/pages/notification-templates-page.tsx').then((m) => m.default),
  company: () => import('../../features/companies/pages/company-edit-page.tsx').then((m) => m.default),
  'company-new': () => import('../../features/companies/pages/company-new-page.tsx').then((m) => m.default),
  'email-settings': () => import('../../features/email-settings/pages/email-settings-page.tsx').then((m) => m.default),
  'assignment-rules': () =>
    import('../../features/assignment-rules/pages/assignment-rules-page.tsx').then((m) => m.default),
  'file-management': () =>
    import('../../features/file-management/pages/file-management-page.tsx').then((m) => m.default),
  assessment: () => import('../../features/assessment-reports/pages/assessment-page.tsx').then((m) => m.default),
  learners: () => import('../../features/assessment-reports/pages/learners-page.tsx').then((m) => m.default),
  episodes: () => import('../../features/assessment-reports/pages/episodes-page.tsx').then((m) => m.default),
  error: () => import('../pages/error-page.tsx').then((m) => m.ErrorPage),
  'public/assignments': () =>
    import('../../features/assignments/pages/assignment-details-page.tsx').then((m) => m.default),
};

/**
 * What a page reads before it can show its data, started by the route's loader rather than by the
 * page's first render (decision 057): `early` beside the session request (calls that never carry a
 * company header), `afterSession` from a small chunk of its own once the session is known (or at once
 * when no company is chosen in this browser, see guards.ts). Neither is awaited: the frame and the
 * page's skeleton show meanwhile, and the page's queries take the requests over under the same keys.
 */
export interface RouteData {
  early?: (queryClient: QueryClient) => void;
  afterSession?: () => Promise<(queryClient: QueryClient, search: string) => Promise<void>>;
}

export const ROUTE_DATA: Partial<Record<ConsoleRouteName, RouteData>> = {
  home: {
    afterSession: () => import('../../features/reports/api/prefetch-dashboard.ts').then((m) => m.prefetchDashboard),
  },
  users: {
    early: (queryClient) => void queryClient.prefetchQuery(usersListViewQuery()),
    afterSession: () => import('../../features/users/api/list-users.ts').then((m) => m.prefetchUsersList),
  },
  courses: {
    afterSession: () => import('../../features/courses/api/list-courses.ts').then((m) => m.prefetchCoursesList),
  },
};
