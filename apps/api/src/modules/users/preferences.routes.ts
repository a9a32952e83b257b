import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { deletePreference, getPreference, savePreference } from './preferences.service.ts';

/** The signed-in user's own preferences (per-page list settings and the like). */
export function preferencesRoutes(app: FastifyInstance): void {
  const { db } = app.deps;
  route(app, endpoints.savePreference, async ({ body, ctx }) => ({ data: await savePreference(db, ctx, body) }));
  route(app, endpoints.getPreference, async ({ query, ctx }) => ({ data: await getPreference(db, ctx, query.name) }));
  route(app, endpoints.deletePreference, async ({ query, ctx }) => {
    await deletePreference(db, ctx, query.name);
    return undefined;
  });
}
