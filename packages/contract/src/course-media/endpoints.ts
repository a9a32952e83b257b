import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import { courseMedia, courseMediaDeleted, listCourseMediaQuery } from './course-media.ts';
import type { courseMediaEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each course media endpoint, joined to its route in `endpoints`. */
export const courseMediaEndpoints = {
  uploadCourseMedia: {
    summary:
      'Uploads a video (MP4/WebM ≤ 2 GB), policy document (PDF ≤ 50 MB) or SCORM 1.2/2004 package (zip ≤ 500 MB, validated and unpacked); multipart: kind, file',
    response: single(courseMedia),
  },
  listCourseMedia: {
    summary: 'The course media library, paged, newest first; filter by kind, text in the file name or title',
    query: listCourseMediaQuery,
    response: paged(courseMedia),
  },
  getCourseMedia: {
    summary: 'One media item of the library',
    params: idParam,
    response: single(courseMedia),
  },
  deleteCourseMedia: {
    summary: 'Deletes a media item and its files; refused while a topic plays it',
    params: idParam,
    response: single(courseMediaDeleted),
  },
} satisfies { [N in keyof typeof courseMediaEndpointRoutes]: EndpointSchemas };
