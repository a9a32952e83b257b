import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type SettingsRow, findRequest } from './saml.repository.ts';
import { hostileXmlReason } from './saml-xml.ts';

/** Clock difference tolerated between the IdP and us on NotBefore/NotOnOrAfter. */
export const CLOCK_SKEW_MS = 60_000;
/** A request we send may be answered for this long. */
export const REQUEST_LIFETIME_MS = 10 * 60_000;
const MAX_RESPONSE_BYTES = 512 * 1024;

/** A response refused: `reason` is logged in saml_events and shown on the Single Sign On page. */
export class SamlRefusal extends Error {}
const refuse = (reason: string): never => {
  throw new SamlRefusal(reason);
};

export interface SpUrls {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
}

/** Our SP's addresses for a company: its entity ID is its metadata's URL. */
export function spUrls(publicUrl: string, companyId: number): SpUrls {
  const base = `${publicUrl.replace(/\/$/, '')}/api/v3/saml/${companyId}`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata` };
}

export const certificatesOf = (settings: Pick<SettingsRow, 'idp_certificate' | 'idp_certificate_2'>) =>
  [settings.idp_certificate, settings.idp_certificate_2].filter((c): c is string => Boolean(c));

/** node-saml set up for the company: only its configured certificates, our audience, no InResponseTo cache (ours is the database). */
export function samlFor(settings: SettingsRow, urls: SpUrls): SAML {
  return new SAML({
    idpCert: certificatesOf(settings),
    issuer: urls.entityId,
    audience: urls.entityId,
    callbackUrl: urls.acsUrl,
    entryPoint: settings.idp_sso_url ?? undefined,
    idpIssuer: settings.idp_entity_id ?? undefined,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.never,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    generateUniqueId: () => `_${randomBytes(20).toString('hex')}`,
  });
}

type XmlJs = Record<string, unknown> & { $?: Record<string, string>; _?: string };
const first = (value: unknown): XmlJs | undefined => (Array.isArray(value) ? (value[0] as XmlJs) : undefined);

export interface CheckedResponse {
  requestId: string | null;
  purpose: 'signin' | 'test' | 'idp';
  redirect: string | null;
  nameId: string;
  assertionId: string;
  assertionExpiresAt: string;
  attributes: Record<string, string[]>;
}

function attributesOf(raw: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string') as string[];
    out[name] = values;
  }
  return out;
}

/**
 * Every check on a response to the company's ACS, in order; the first that fails refuses it with its
 * reason. Hostile XML before any parsing; Destination; InResponseTo against the requests we sent (kept
 * in the database), or unsolicited only when IdP-initiated sign-in is on; then node-saml: the signature
 * of the response or of its one assertion, by a configured certificate only, the wrapping checks, the
 * times with a small skew and the audience; then, on the signed assertion itself: the issuer, the
 * bearer confirmation's Recipient and InResponseTo. Replays are refused by the caller, which records
 * the assertion id in the same transaction as the sign-in.
 */
export async function checkResponse(
  db: Kysely<Database>,
  settings: SettingsRow,
  urls: SpUrls,
  samlResponse: string,
  now: Date,
): Promise<CheckedResponse> {
  if (!samlResponse || samlResponse.length > MAX_RESPONSE_BYTES * 1.4) refuse('No SAMLResponse, or one too large.');
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const hostile = hostileXmlReason(xml);
  if (hostile) refuse(hostile);
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => (level !== 'warning' ? errors.push(message) : undefined),
  }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (errors.length > 0 || !root || (root.localName ?? root.nodeName).replace(/^.*:/, '') !== 'Response') {
    refuse('The SAMLResponse is not a SAML Response.');
  }
  const destination = root!.getAttribute('Destination');
  if (destination !== null && destination !== urls.acsUrl) refuse(`Destination ${destination} is not this ACS URL.`);
  const inResponseTo = root!.getAttribute('InResponseTo') || null;
  let purpose: CheckedResponse['purpose'] = 'idp';
  let redirect: string | null = null;
  if (inResponseTo) {
    const request = await findRequest(db, inResponseTo);
    if (!request || request.company_id !== settings.company_id) refuse('InResponseTo names no request of ours.');
    if (request!.used_at) refuse('The request was answered already (replay).');
    if (Date.parse(request!.expires_at) < now.getTime()) refuse('The request expired before the answer came.');
    purpose = request!.purpose === 'test' ? 'test' : 'signin';
    redirect = request!.redirect;
  } else if (settings.allow_idp_initiated !== 1) {
    refuse('Unsolicited response (IdP-initiated sign-in is off).');
  }

  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
  try {
    ({ profile } = await samlFor(settings, urls).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    return refuse(`Refused by the SAML checks: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!profile?.nameID) refuse('The assertion names no subject (NameID).');
  const assertion = (profile!.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
  if (!assertion) refuse('No signed assertion.');
  const issuer = first(assertion!.Issuer)?._;
  if (settings.idp_entity_id && issuer !== settings.idp_entity_id)
    refuse(`Issuer ${issuer ?? '(none)'} is not the configured IdP.`);
  const confirmations = (first(assertion!.Subject)?.SubjectConfirmation as XmlJs[] | undefined) ?? [];
  const bearer = confirmations
    .filter((c) => c.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .map((c) => first(c.SubjectConfirmationData)?.$ ?? {});
  if (bearer.length === 0) refuse('No bearer subject confirmation.');
  if (!bearer.some((data) => data.Recipient === urls.acsUrl)) refuse('Recipient is not this ACS URL.');
  const signedInResponseTo = bearer.find((data) => data.Recipient === urls.acsUrl)?.InResponseTo ?? null;
  if (signedInResponseTo !== inResponseTo) refuse('The signed InResponseTo does not match the request.');
  const notOnOrAfter =
    bearer.find((d) => d.NotOnOrAfter)?.NotOnOrAfter ?? first(assertion!.Conditions)?.$?.NotOnOrAfter;
  const assertionId = assertion!.$?.ID;
  if (!assertionId) refuse('The assertion has no ID.');
  const expires = notOnOrAfter ? Date.parse(notOnOrAfter) + CLOCK_SKEW_MS : now.getTime() + REQUEST_LIFETIME_MS;
  return {
    requestId: inResponseTo,
    purpose,
    redirect,
    nameId: profile!.nameID,
    assertionId: assertionId!,
    assertionExpiresAt: new Date(Math.max(expires, now.getTime() + CLOCK_SKEW_MS)).toISOString(),
    attributes: attributesOf(profile!.attributes),
  };
}
