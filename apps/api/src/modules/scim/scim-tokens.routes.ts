import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { SCIM_PREFIX } from './scim.routes.ts';
import { createScimToken, listProvisioningLog, listScimTokens, revokeScimToken } from './scim-tokens.service.ts';

/** The HRIS page: tokens and the provisioning log of the company the request acts on (site admins). */
export async function scimTokensRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const baseUrl = `${config.publicUrl.replace(/\/$/, '')}${SCIM_PREFIX}`;
  route(app, endpoints.listScimTokens, async ({ ctx }) => ({ data: await listScimTokens(db, ctx), base_url: baseUrl }));
  route(app, endpoints.createScimToken, async ({ ctx, body }) => ({ data: await createScimToken(db, ctx, body.name) }));
  route(app, endpoints.revokeScimToken, async ({ ctx, params }) => ({
    data: await revokeScimToken(db, ctx, params.id),
  }));
  route(app, endpoints.listProvisioningLog, async ({ ctx, query }) => listProvisioningLog(db, ctx, query));
}
