import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { categoryTree, createCategory, deleteCategoryById, updateCategoryById } from './course-categories.service.ts';
import { createCourse, updateCourse } from './courses-write.service.ts';
import { deleteCourse, getCourse, listCourses } from './courses.service.ts';

export async function coursesRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  route(app, endpoints.listCourseCategories, async ({ query, ctx }) => ({
    data: await categoryTree(deps, ctx, query.with_courses === true),
  }));
  route(app, endpoints.createCourseCategory, async ({ body, ctx }) => ({
    data: await createCategory(deps, ctx, body),
  }));
  route(app, endpoints.updateCourseCategory, async ({ params, body, ctx }) => ({
    data: await updateCategoryById(deps, ctx, params.id, body),
  }));
  route(app, endpoints.deleteCourseCategory, async ({ params, ctx }) => ({
    data: await deleteCategoryById(deps, ctx, params.id),
  }));
  route(app, endpoints.listCourses, async ({ query, ctx }) => listCourses(deps, ctx, query));
  route(app, endpoints.getCourse, async ({ params, ctx }) => ({ data: await getCourse(deps, ctx, params.id) }));
  route(app, endpoints.createCourse, async ({ body, ctx }) => ({ data: await createCourse(deps, ctx, body) }));
  route(app, endpoints.updateCourse, async ({ params, body, ctx }) => ({
    data: await updateCourse(deps, ctx, params.id, body),
  }));
  route(app, endpoints.deleteCourse, async ({ params, ctx }) => ({ data: await deleteCourse(deps, ctx, params.id) }));
}
