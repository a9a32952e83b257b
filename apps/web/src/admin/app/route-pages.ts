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
  home: () => import('../pages/home-page.tsx').then((m) => m.HomePage),
  logout: () => import('../pages/logout-page.tsx').then((m) => m.LogoutPage),
  users: () => import('../../features/users/pages/users-list-page.tsx').then((m) => m.default),
  'users-import': () => import('../../features/users-import/pages/users-import-page.tsx').then((m) => m.default),
  'users-import-new': () =>
    import('../../features/users-import/pages/users-import-new-page.tsx').then((m) => m.default),
  assignments: () => import('../../features/assignments/pages/assignments-list-page.tsx').then((m) => m.default),
  'assignments-new': () => import('../../features/assignments/pages/assignments-new-page.tsx').then((m) => m.default),
  notifications: () => import('../pages/notifications-page.tsx').then((m) => m.NotificationsPage),
  'course-activity': () => import('../pages/course-activity-page.tsx').then((m) => m.CourseActivityPage),
  audit: () => import('../pages/audit-page.tsx').then((m) => m.AuditPage),
  'automated-reports': () => import('../pages/automated-reports-page.tsx').then((m) => m.AutomatedReportsPage),
  'custom-fields': () => import('../pages/custom-fields-page.tsx').then((m) => m.CustomFieldsPage),
  courses: () => import('../../features/courses/pages/courses-list-page.tsx').then((m) => m.default),
  'courses-new': () => import('../../features/courses/pages/course-editor-page.tsx').then((m) => m.default),
  'courses-edit': () => import('../../features/courses/pages/course-editor-page.tsx').then((m) => m.default),
  departments: () => import('../pages/departments-page.tsx').then((m) => m.DepartmentsPage),
  hris: () => import('../pages/hris-page.tsx').then((m) => m.HrisPage),
  sso: () => import('../pages/sso-page.tsx').then((m) => m.SsoPage),
  'notification-templates': () =>
    import('../pages/notification-templates-page.tsx').then((m) => m.NotificationTemplatesPage),
  company: () => import('../pages/company-page.tsx').then((m) => m.CompanyPage),
  'company-new': () => import('../pages/company-new-page.tsx').then((m) => m.CompanyNewPage),
  'email-settings': () => import('../pages/email-settings-page.tsx').then((m) => m.EmailSettingsPage),
  'assignment-rules': () => import('../pages/assignment-rules-page.tsx').then((m) => m.AssignmentRulesPage),
  'file-management': () => import('../pages/file-management-page.tsx').then((m) => m.FileManagementPage),
  assessment: () => import('../pages/assessment-page.tsx').then((m) => m.AssessmentPage),
  learners: () => import('../pages/learners-page.tsx').then((m) => m.LearnersPage),
  episodes: () => import('../pages/episodes-page.tsx').then((m) => m.EpisodesPage),
  error: () => import('../pages/error-page.tsx').then((m) => m.ErrorPage),
  'public/assignments': () => import('../pages/public-assignments-page.tsx').then((m) => m.PublicAssignmentsPage),
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
  users: {
    early: (queryClient) => void queryClient.prefetchQuery(usersListViewQuery()),
    afterSession: () => import('../../features/users/api/list-users.ts').then((m) => m.prefetchUsersList),
  },
  courses: {
    afterSession: () => import('../../features/courses/api/list-courses.ts').then((m) => m.prefetchCoursesList),
  },
};
