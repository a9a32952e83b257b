import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import {
  createTemplate,
  deleteTemplate,
  deleteTemplates,
  getTemplate,
  listTemplates,
  previewTemplate,
  resetTemplate,
  updateTemplate,
} from './notification-templates.service.ts';

export async function notificationTemplatesRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db };
  route(app, endpoints.listTemplates, async ({ query, ctx }) => listTemplates(deps, ctx, query));
  route(app, endpoints.previewTemplate, async ({ body, ctx }) => ({ data: await previewTemplate(deps, ctx, body) }));
  route(app, endpoints.getTemplate, async ({ params, ctx }) => ({ data: await getTemplate(deps, ctx, params.id) }));
  route(app, endpoints.createTemplate, async ({ body, ctx }) => ({ data: await createTemplate(deps, ctx, body) }));
  route(app, endpoints.updateTemplate, async ({ params, body, ctx }) => ({
    data: await updateTemplate(deps, ctx, params.id, body),
  }));
  route(app, endpoints.resetTemplate, async ({ params, ctx }) => ({ data: await resetTemplate(deps, ctx, params.id) }));
  route(app, endpoints.deleteTemplate, async ({ params, ctx }) => ({
    data: await deleteTemplate(deps, ctx, params.id),
  }));
  route(app, endpoints.deleteTemplates, async ({ body, ctx }) => ({
    data: await deleteTemplates(deps, ctx, body.template_ids),
  }));
}
