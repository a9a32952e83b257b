import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/http.ts';
import {
  discoverSaml,
  getSamlSettings,
  listSamlEvents,
  startSamlTest,
  updateSamlSettings,
} from './saml-settings.service.ts';

/** The Single Sign On page (site admins) and the sign-in page's SSO discovery. */
export async function samlSettingsRoutes(app: FastifyInstance) {
  const deps = app.deps;
  route(app, endpoints.getSamlSettings, async ({ ctx }) => ({ data: await getSamlSettings(deps, ctx) }));
  route(app, endpoints.updateSamlSettings, async ({ ctx, body }) => ({
    data: await updateSamlSettings(deps, ctx, body),
  }));
  route(app, endpoints.startSamlTest, async ({ ctx }) => ({ data: await startSamlTest(deps, ctx) }));
  route(app, endpoints.listSamlEvents, async ({ ctx, query }) => listSamlEvents(deps.db, ctx, query));
  route(app, endpoints.discoverSaml, async ({ query }) => {
    const found = await discoverSaml(deps.db, query.login, query.redirect);
    if (!found) throw notFound('No single sign-on is set up for this e-mail address.');
    return { data: found };
  });
}
