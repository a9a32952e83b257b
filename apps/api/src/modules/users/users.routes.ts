import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { exportUsers } from './users-export.service.ts';
import { checkNewUser, createUser, updateUser } from './users-write.service.ts';
import { getUser, listUsers, searchUsers } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db, dialect: app.deps.dialect };
  preferencesRoutes(app);
  route(app, endpoints.listUsers, async ({ query, ctx }) => listUsers(deps, ctx, query));
  // A streamed body, not a JSON response: the endpoint has no response schema.
  route(
    app,
    endpoints.exportUsers,
    async ({ query, ctx, reply }) => sendSpreadsheet(reply, await exportUsers(deps, ctx, query)) as never,
  );
  route(app, endpoints.searchUsers, async ({ query, ctx }) => searchUsers(deps, ctx, query));
  route(app, endpoints.getUser, async ({ params, ctx }) => ({ data: await getUser(deps, ctx, params.id) }));
  route(app, endpoints.createUser, async ({ body, ctx }) => ({ data: await createUser(deps, ctx, body) }));
  route(app, endpoints.checkNewUser, async ({ body, ctx }) => {
    await checkNewUser(deps, ctx, body);
    return undefined;
  });
  route(app, endpoints.updateUser, async ({ params, body, ctx }) => ({
    data: await updateUser(deps, ctx, params.id, body),
  }));
}
