import { cursorPaged } from '../audit-logs/audit-logs.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import { courseActivityEntry, exportCourseActivityQuery, listCourseActivityQuery } from './course-activity.ts';
import type { courseActivityEndpointRoutes } from './endpoint-routes.ts';

export const courseActivityEndpoints = {
  listCourseActivity: {
    summary:
      "Learners' course events in the company, by master_id ascending (spec §9) unless order=desc, keyset-paged by `cursor`, filtered by field[user_id|course_id|event|created_at] and the learner's name",
    query: listCourseActivityQuery,
    response: cursorPaged(courseActivityEntry),
  },
  exportCourseActivity: {
    summary: "The course events of the list's filter as CSV (UTF-8 with a BOM) or XLSX, in the list's order",
    query: exportCourseActivityQuery,
  },
} satisfies { [N in keyof typeof courseActivityEndpointRoutes]: EndpointSchemas };
