import { type EndpointRoute, siteAdmin } from '../endpoint-kit.ts';

/**
 * The routes of the course media endpoints (decision 061). The content itself is served outside the
 * API, at /content/media/{id} and /content/scorm/{id}/{path}, for any signed-in user whose company may
 * use a course playing it. No zod here (decision 023).
 */
export const courseMediaEndpointRoutes = {
  uploadCourseMedia: {
    method: 'POST',
    path: '/course-media',
    access: siteAdmin,
    multipart: true,
    status: 201,
  },
  listCourseMedia: {
    method: 'GET',
    path: '/course-media',
    access: siteAdmin,
  },
  getCourseMedia: {
    method: 'GET',
    path: '/course-media/{id}',
    access: siteAdmin,
  },
  deleteCourseMedia: {
    method: 'DELETE',
    path: '/course-media/{id}',
    access: siteAdmin,
  },
} as const satisfies Record<string, EndpointRoute>;
