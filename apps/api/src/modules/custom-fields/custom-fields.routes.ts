import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { previewCustomFieldChange, updateCustomField } from './custom-field-update.service.ts';
import { createCustomField, deleteCustomField, listCustomFields, orderCustomFields } from './custom-fields.service.ts';

export async function customFieldsRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db };
  route(app, endpoints.listCustomFields, async ({ query, ctx }) => ({
    data: await listCustomFields(deps, ctx, query.with_counts === true),
  }));
  route(app, endpoints.createCustomField, async ({ body, ctx }) => ({
    data: await createCustomField(deps, ctx, body),
  }));
  route(app, endpoints.orderCustomFields, async ({ body, ctx }) => ({
    data: await orderCustomFields(deps, ctx, body.ids),
  }));
  route(app, endpoints.previewCustomFieldChange, async ({ params, query, ctx }) => ({
    data: await previewCustomFieldChange(deps, ctx, params.id, query),
  }));
  route(app, endpoints.updateCustomField, async ({ params, body, ctx }) =>
    updateCustomField(deps, ctx, params.id, body),
  );
  route(app, endpoints.deleteCustomField, async ({ params, ctx }) => ({
    data: await deleteCustomField(deps, ctx, params.id),
  }));
}
