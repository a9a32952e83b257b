import { type EndpointRoute, departmentManager, siteAdmin } from '../endpoint-kit.ts';

/** The routes of the course catalog endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const coursesEndpointRoutes = {
  listCourseCategories: {
    method: 'GET',
    path: '/course-categories',
    access: departmentManager,
  },
  createCourseCategory: {
    method: 'POST',
    path: '/course-categories',
    access: siteAdmin,
    status: 201,
  },
  updateCourseCategory: {
    method: 'PUT',
    path: '/course-categories/{id}',
    access: siteAdmin,
  },
  deleteCourseCategory: {
    method: 'DELETE',
    path: '/course-categories/{id}',
    access: siteAdmin,
  },
  listCourses: {
    method: 'GET',
    path: '/courses',
    access: departmentManager,
  },
  getCourse: {
    method: 'GET',
    path: '/courses/{id}',
    access: departmentManager,
  },
  createCourse: {
    method: 'POST',
    path: '/courses',
    access: siteAdmin,
    status: 201,
  },
  updateCourse: {
    method: 'PUT',
    path: '/courses/{id}',
    access: siteAdmin,
  },
  deleteCourse: {
    method: 'DELETE',
    path: '/courses/{id}',
    access: siteAdmin,
  },
} as const satisfies Record<string, EndpointRoute>;
