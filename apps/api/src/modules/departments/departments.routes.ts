import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { createDepartment, deleteDepartment, updateDepartment } from './departments-write.service.ts';
import { listDepartments } from './departments.service.ts';

export async function departmentsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  route(app, endpoints.listDepartments, async ({ ctx }) => ({ data: await listDepartments(deps, ctx) }));
  route(app, endpoints.createDepartment, async ({ body, ctx }) => ({ data: await createDepartment(deps, ctx, body) }));
  route(app, endpoints.updateDepartment, async ({ params, body, ctx }) => ({
    data: await updateDepartment(deps, ctx, params.id, body),
  }));
  route(app, endpoints.deleteDepartment, async ({ params, query, ctx }) => ({
    data: await deleteDepartment(deps, ctx, params.id, query),
  }));
}
