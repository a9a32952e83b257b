import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { storageArea } from '../../platform/storage-area.ts';
import { sendAssetFile, sendCompanyLogo } from './assets-content.ts';
import { deleteAsset, listAssets, uploadAsset } from './assets.service.ts';
import { createCompany, getCompany, listCompanies, updateCompany } from './companies.service.ts';
import { sendTestNotification } from './test-notification.service.ts';

/** Companies, their assets and the test notification (spec §7 "Session and company"). */
export async function companiesRoutes(app: FastifyInstance) {
  const { db, dialect, config } = app.deps;
  const assets = { db, storage: storageArea(config, 'assets') };

  route(app, endpoints.listCompanies, async ({ query }) => listCompanies(db, dialect, query));
  route(app, endpoints.getCompany, async ({ params, ctx }) => ({
    data: await getCompany(db, dialect, ctx, params.id),
  }));
  route(app, endpoints.createCompany, async ({ body, ctx }) => ({ data: await createCompany(db, ctx, body) }));
  route(app, endpoints.updateCompany, async ({ params, body, ctx }) => ({
    data: await updateCompany(db, dialect, ctx, params.id, body),
  }));

  route(app, endpoints.uploadAsset, async ({ ctx, req }) => ({ data: await uploadAsset(assets, ctx, req) }));
  route(app, endpoints.listAssets, async ({ query, ctx }) => ({ data: await listAssets(db, ctx, query.type) }));
  route(app, endpoints.deleteAsset, async ({ query, ctx }) => {
    await deleteAsset(assets, ctx, query.path);
    return undefined;
  });
  route(
    app,
    endpoints.getAssetFile,
    async ({ query, ctx, req, reply }) =>
      // A file stream (or a 416's text) is sent as it is; this endpoint has no JSON response schema.
      sendAssetFile(assets, ctx, req, reply, query.path) as never,
  );

  route(
    app,
    endpoints.getCompanyLogo,
    async ({ params, reply }) => sendCompanyLogo({ ...assets, config }, reply, params.token) as never,
  );

  route(app, endpoints.sendTestNotification, async ({ ctx }) => ({ data: await sendTestNotification(db, ctx) }));
}
