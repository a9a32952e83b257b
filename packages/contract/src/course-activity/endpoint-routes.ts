import { type EndpointRoute, siteAdmin } from '../endpoint-kit.ts';

/** The routes of the course activity endpoints (site admins only, spec §6). No zod here (decision 023). */
export const courseActivityEndpointRoutes = {
  listCourseActivity: { method: 'GET', path: '/course-activity', access: siteAdmin },
  exportCourseActivity: { method: 'GET', path: '/course-activity/export', access: siteAdmin },
} as const satisfies Record<string, EndpointRoute>;
