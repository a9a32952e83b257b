import { parse } from 'node:querystring';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { issueSessionCookies } from '../../platform/session-cookies.ts';
import { consumeAssertion } from './saml-signin.service.ts';
import { samlFor, spUrls } from './saml-response.ts';
import { startRequest } from './saml-settings.service.ts';
import { type SettingsRow, companyExists, findSettings } from './saml.repository.ts';

/** Our SP's side needs no IdP: metadata can be downloaded before the IdP is set up. */
const spSettings = (companyId: number, row: SettingsRow | undefined): SettingsRow =>
  row?.idp_certificate
    ? row
    : ({ ...row, company_id: companyId, idp_certificate: 'none', idp_sso_url: null } as SettingsRow);

type CompanyParams = { companyId: string };
const companyIdOf = (params: CompanyParams) => (/^\d{1,10}$/.test(params.companyId) ? Number(params.companyId) : null);

/** Back to the sign-in page with a generic notice: the reason is on the Single Sign On page, not for the visitor. */
const toLogin = (reply: FastifyReply) => reply.redirect('/login?sso_error=1', 303);

/**
 * The SAML protocol's routes, outside the contract: our SP metadata (XML), the start of an SP-initiated
 * sign-in (a redirect to the IdP), and the ACS, which takes the IdP's cross-site form post (no CSRF
 * token can exist there: the response's own checks stand in for it, decision 074).
 */
export async function samlRoutes(app: FastifyInstance) {
  const deps = app.deps;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => done(null, parse(String(body))),
  );

  app.get<{ Params: CompanyParams }>('/api/v3/saml/:companyId/metadata', async (req, reply) => {
    const companyId = companyIdOf(req.params);
    if (companyId === null || !(await companyExists(deps.db, companyId))) {
      return reply.status(404).send({ error: { message: 'Not found.' } });
    }
    const urls = spUrls(deps.config.publicUrl, companyId);
    const xml = samlFor(
      spSettings(companyId, await findSettings(deps.db, companyId)),
      urls,
    ).generateServiceProviderMetadata(null, null);
    return reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="heed-sp-metadata-${companyId}.xml"`)
      .send(xml);
  });

  app.get<{ Params: CompanyParams; Querystring: { redirect?: string } }>(
    '/api/v3/saml/:companyId/start',
    async (req, reply) => {
      const companyId = companyIdOf(req.params);
      const redirect = typeof req.query.redirect === 'string' ? req.query.redirect.slice(0, 2048) : null;
      const started = companyId === null ? null : await startRequest(deps, companyId, 'signin', redirect);
      if (!started) return toLogin(reply);
      return reply.redirect(started.url, 302);
    },
  );

  app.post<{ Params: CompanyParams; Body: Record<string, unknown> }>(
    '/api/v3/saml/:companyId/acs',
    async (req, reply) => {
      const companyId = companyIdOf(req.params);
      const samlResponse = typeof req.body?.SAMLResponse === 'string' ? req.body.SAMLResponse : '';
      if (companyId === null) return toLogin(reply);
      const result = await consumeAssertion(deps, await findSettings(deps.db, companyId), {
        companyId,
        samlResponse,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      if (result.kind === 'refused') {
        req.log.warn({ companyId, reason: result.reason }, 'SAML response refused');
        return toLogin(reply);
      }
      if (result.kind === 'test')
        return reply.redirect(`/admin/settings/saml?test=${encodeURIComponent(result.requestId ?? '')}`, 303);
      issueSessionCookies(reply, result.issued, deps.config.cookieSecure);
      return reply.redirect(result.redirect, 303);
    },
  );
}
