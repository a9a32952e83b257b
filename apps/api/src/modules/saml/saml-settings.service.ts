import type { SamlEvent, SamlSettings, SamlSettingsBody, samlEventsQuery } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AppDeps, AuthedContext } from '../../platform/context.ts';
import { type FieldErrors, invalid, invalidField } from '../../platform/errors.ts';
import { parseMapping } from './saml-signin.service.ts';
import { REQUEST_LIFETIME_MS, certificatesOf, samlFor, spUrls } from './saml-response.ts';
import {
  type SettingsRow,
  findCompaniesByDomain,
  findSettings,
  insertRequest,
  listEvents,
  saveSettings,
} from './saml.repository.ts';
import { parseIdpMetadata, toPem } from './saml-xml.ts';
import { fetchMetadataText } from './saml-metadata.service.ts';

/** The metadata at a URL, or why it could not be fetched. */
async function fetchMetadataSource(config: AppDeps['config'], url: string): Promise<Fetched> {
  try {
    return { xml: await fetchMetadataText(config, url) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function toSettings(publicUrl: string, companyId: number, row: SettingsRow | undefined): SamlSettings {
  const urls = spUrls(publicUrl, companyId);
  return {
    enabled: row?.enabled === 1,
    sp_entity_id: urls.entityId,
    acs_url: urls.acsUrl,
    metadata_url: urls.metadataUrl,
    idp_entity_id: row?.idp_entity_id ?? null,
    idp_sso_url: row?.idp_sso_url ?? null,
    idp_certificates: row
      ? certificatesOf(row).map((pem) => {
          const parsed = toPem(pem);
          return { pem, subject: parsed?.subject ?? null, expires_at: parsed?.expiresAt ?? null };
        })
      : [],
    idp_metadata_url: row?.idp_metadata_url ?? null,
    metadata_fetched_at: row?.metadata_fetched_at ?? null,
    metadata_error: row?.metadata_error ?? null,
    metadata_error_at: row?.metadata_error_at ?? null,
    attribute_mapping: parseMapping(row?.attribute_mapping ?? null),
    create_users: row ? row.create_users === 1 : true,
    default_role: row?.default_role ?? 0,
    require_sso: row?.require_sso === 1,
    allow_idp_initiated: row?.allow_idp_initiated === 1,
    email_domains: row?.email_domains ? row.email_domains.split(',') : [],
    updated_at: row?.updated_at ?? null,
  };
}

export async function getSamlSettings(deps: AppDeps, ctx: AuthedContext) {
  return toSettings(deps.config.publicUrl, ctx.companyId, await findSettings(deps.db, ctx.companyId));
}

const isWebUrl = (value: string) => {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Metadata to read the IdP from, and the field its problems are shown on. */
interface MetadataSource {
  xml: string;
  field: 'idp_metadata' | 'idp_metadata_url';
}

/** What fetching the metadata URL gave: its text, or why there is none. */
type Fetched = { xml: string } | { error: string } | null;

/** The IdP from its metadata (fetched, else pasted), or from the fields; every problem at once, by field. */
function idpOf(body: SamlSettingsBody, fetched: Fetched) {
  const errors: FieldErrors = fetched && 'error' in fetched ? { idp_metadata_url: [fetched.error] } : {};
  let entityId = body.idp_entity_id ?? null;
  let ssoUrl = body.idp_sso_url ?? null;
  let certificates = body.idp_certificates ?? [];
  let metadata: MetadataSource | null = null;
  if (fetched && 'xml' in fetched) metadata = { xml: fetched.xml, field: 'idp_metadata_url' };
  else if (!fetched && body.idp_metadata?.trim()) metadata = { xml: body.idp_metadata, field: 'idp_metadata' };
  if (metadata) {
    try {
      ({ entityId, ssoUrl, certificates } = parseIdpMetadata(metadata.xml));
    } catch (error) {
      errors[metadata.field] = [error instanceof Error ? error.message : 'The metadata could not be read.'];
    }
  }
  const pems: string[] = [];
  certificates.forEach((cert, i) => {
    const parsed = toPem(cert);
    if (!parsed) errors[`idp_certificates.${i}`] = ['Paste an X.509 certificate (PEM or base64).'];
    else pems.push(parsed.pem);
  });
  if (ssoUrl && !isWebUrl(ssoUrl)) errors.idp_sso_url = ['Enter an https:// address.'];
  if (body.enabled) {
    if (!ssoUrl) errors.idp_sso_url ??= ['Single sign-on needs the IdP’s sign-in URL.'];
    if (pems.length === 0) errors['idp_certificates.0'] ??= ['Single sign-on needs the IdP’s signing certificate.'];
  }
  if (body.require_sso && !body.enabled) errors.require_sso = ['Turn single sign-on on before requiring it.'];
  return { entityId: entityId || null, ssoUrl: ssoUrl || null, pems, errors };
}

/** PUT /saml/settings: the company's IdP, mapping and options; audited (certificates by subject only). */
export async function updateSamlSettings(deps: AppDeps, ctx: AuthedContext, body: SamlSettingsBody) {
  const metadataUrl = body.idp_metadata_url?.trim() || null;
  const fetched = metadataUrl ? await fetchMetadataSource(deps.config, metadataUrl) : null;
  const idp = idpOf(body, fetched);
  const domains = [...new Set(body.email_domains ?? [])];
  for (const [i, domain] of domains.entries()) {
    const holders = (await findCompaniesByDomain(deps.db, domain)).filter((id) => id !== ctx.companyId);
    if (holders.length > 0) idp.errors[`email_domains.${i}`] = [`${domain} signs in to another company already.`];
  }
  if (Object.keys(idp.errors).length > 0) throw invalid(idp.errors);
  const now = iso(ctx.now());
  return deps.db.transaction().execute(async (trx) => {
    const before = toSettings(deps.config.publicUrl, ctx.companyId, await findSettings(trx, ctx.companyId));
    await saveSettings(trx, ctx.companyId, {
      enabled: body.enabled ? 1 : 0,
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      idp_certificate: idp.pems[0] ?? null,
      idp_certificate_2: idp.pems[1] ?? null,
      attribute_mapping: JSON.stringify(body.attribute_mapping ?? before.attribute_mapping),
      create_users: body.create_users ? 1 : 0,
      default_role: body.default_role ?? 0,
      require_sso: body.require_sso ? 1 : 0,
      allow_idp_initiated: body.allow_idp_initiated ? 1 : 0,
      email_domains: domains.length > 0 ? domains.join(',') : null,
      idp_metadata_url: metadataUrl,
      metadata_fetched_at: metadataUrl ? now : null,
      metadata_error: null,
      metadata_error_at: null,
      updated_at: now,
    });
    const after = toSettings(deps.config.publicUrl, ctx.companyId, await findSettings(trx, ctx.companyId));
    const brief = (s: SamlSettings) => ({ ...s, idp_certificates: s.idp_certificates.map((c) => c.subject) });
    await audit(trx, ctx, {
      action: 'saml.settings.update',
      entityType: 'company',
      entityId: ctx.companyId,
      before: brief(before),
      after: brief(after),
    });
    return after;
  });
}

/** A sign-in request to the company's IdP, kept so that only its answer is taken: the IdP's URL carrying it. */
export async function startRequest(
  deps: AppDeps,
  companyId: number,
  purpose: 'signin' | 'test',
  redirect: string | null,
) {
  const settings = await findSettings(deps.db, companyId);
  if (!settings?.idp_sso_url || !settings.idp_certificate) return null;
  if (purpose === 'signin' && settings.enabled !== 1) return null;
  const saml = samlFor(settings, spUrls(deps.config.publicUrl, companyId));
  let requestId = '';
  const generate = saml.options.generateUniqueId;
  saml.options.generateUniqueId = () => {
    requestId = generate();
    return requestId;
  };
  const url = await saml.getAuthorizeUrlAsync('', undefined, {});
  const now = deps.config.now();
  await insertRequest(deps.db, {
    id: requestId,
    companyId,
    purpose,
    redirect,
    now: iso(now),
    expiresAt: iso(new Date(now.getTime() + REQUEST_LIFETIME_MS)),
  });
  return { url, requestId };
}

export async function startSamlTest(deps: AppDeps, ctx: AuthedContext) {
  const started = await startRequest(deps, ctx.companyId, 'test', null);
  if (!started) throw invalidField('idp_sso_url', 'Save the IdP’s sign-in URL and certificate first.');
  await audit(deps.db, ctx, {
    action: 'saml.test.start',
    entityType: 'company',
    entityId: ctx.companyId,
    after: { request_id: started.requestId },
  });
  return { redirect_url: started.url, request_id: started.requestId };
}

export async function listSamlEvents(db: Kysely<Database>, ctx: AuthedContext, query: z.infer<typeof samlEventsQuery>) {
  const { rows, total } = await listEvents(db, ctx.companyId, {
    requestId: query.request_id,
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  const data: SamlEvent[] = rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    request_id: row.request_id,
    outcome: row.outcome as SamlEvent['outcome'],
    reason: row.reason,
    name_id: row.name_id,
    user_id: row.user_id,
    attributes: row.attributes ? (JSON.parse(row.attributes) as Record<string, string[]>) : null,
  }));
  return {
    data,
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** The SSO start address for an e-mail address whose domain exactly one company with SSO on names. */
export async function discoverSaml(db: Kysely<Database>, login: string, redirect: string | undefined) {
  const domain = login.toLowerCase().split('@')[1];
  if (!domain) return null;
  const companies = await findCompaniesByDomain(db, domain);
  if (companies.length !== 1) return null;
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return { start_url: `/api/v3/saml/${companies[0]}/start${query}` };
}
