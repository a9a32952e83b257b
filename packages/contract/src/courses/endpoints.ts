import { z } from 'zod';
import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import {
  categoryTreeNode,
  course,
  courseBody,
  courseCategory,
  courseCategoryCreateBody,
  courseCategoryUpdateBody,
  courseDeleted,
  courseListItem,
  listCourseCategoriesQuery,
  listCoursesQuery,
} from './courses.ts';
import type { coursesEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each course catalog endpoint, joined to its route in `endpoints`. */
export const coursesEndpoints = {
  listCourseCategories: {
    summary:
      'The course category tree under the System Root (id 0); with_courses=1 adds the courses the company may use as leaves',
    query: listCourseCategoriesQuery,
    response: single(categoryTreeNode),
  },
  createCourseCategory: {
    summary: 'Creates a course category under parent_id (null or 0: the System Root)',
    body: courseCategoryCreateBody,
    response: single(courseCategory),
  },
  updateCourseCategory: {
    summary: 'Renames a course category and/or moves it under another parent (never into its own subtree)',
    params: idParam,
    body: courseCategoryUpdateBody,
    response: single(courseCategory),
  },
  deleteCourseCategory: {
    summary: 'Deletes a course category without sub-categories and without courses',
    params: idParam,
    response: single(z.object({ id: z.number().int() })),
  },
  listCourses: {
    summary:
      'Courses the company may use (site admins: every course), paged, sorted and filtered (field[category_id|active|recertify|kind]=)',
    query: listCoursesQuery,
    response: paged(courseListItem),
  },
  getCourse: {
    summary: 'One course with its topics in order and their questions (options, correct flags, feedback)',
    params: idParam,
    response: single(course),
  },
  createCourse: {
    summary: 'Creates a course from the whole course document (topics and questions in order)',
    body: courseBody,
    response: single(course),
  },
  updateCourse: {
    summary:
      'Replaces the course document: topics and questions named by id are kept, new ones added, missing ones removed; publishes the result as the next version of the course',
    params: idParam,
    body: courseBody,
    response: single(course),
  },
  deleteCourse: {
    summary: 'Deletes a course no assignment references (deactivate it otherwise)',
    params: idParam,
    response: single(courseDeleted),
  },
} satisfies { [N in keyof typeof coursesEndpointRoutes]: EndpointSchemas };
