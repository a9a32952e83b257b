import { CONSOLE_MIN_ROLE, type SamlAttributeMapping, hasRoleAccess, samlAttributeMapping } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/context.ts';
import { safeRedirect } from '../../platform/safe-redirect.ts';
import { type IssuedSession, createSession } from '../../platform/session.ts';
import { findCompanyCustomFields, findDepartmentByName, runAssignmentRules, writeCustomValues } from '../scim/index.ts';
import { queueRegistrationNotifications } from '../notifications/index.ts';
import { validateCustomFields } from '../users/index.ts';
import { type CheckedResponse, SamlRefusal, checkResponse, spUrls } from './saml-response.ts';
import {
  type SettingsRow,
  consumeRequest,
  findCompanyUserByEmail,
  insertEvent,
  insertSsoUser,
  isCompanySuspended,
  isNameHeld,
  pruneExpired,
  recordSsoLogin,
  rememberAssertion,
  updateSsoUser,
} from './saml.repository.ts';

export interface AcsInput {
  companyId: number;
  samlResponse: string;
  ip: string;
  userAgent: string | null;
}

export type AcsResult =
  | { kind: 'session'; user: UserRow; issued: IssuedSession; redirect: string }
  | { kind: 'test'; requestId: string | null }
  | { kind: 'refused'; reason: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseMapping(stored: string | null): SamlAttributeMapping {
  try {
    return samlAttributeMapping.parse(stored ? JSON.parse(stored) : {});
  } catch {
    return samlAttributeMapping.parse({});
  }
}

/** The first value of a mapped attribute; unmapped or absent: undefined. */
const attributeValue = (attributes: Record<string, string[]>, name: string) =>
  (name ? attributes[name]?.[0]?.trim() : undefined) || undefined;

/** Common claim names, used when the mapping names none (Entra ID's and Okta's defaults). */
const FALLBACK = {
  email: [
    'email',
    'mail',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
  ],
  first_name: [
    'firstName',
    'givenName',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    'urn:oid:2.5.4.42',
  ],
  last_name: [
    'lastName',
    'surname',
    'sn',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
    'urn:oid:2.5.4.4',
  ],
};

function field(checked: CheckedResponse, mapping: SamlAttributeMapping, key: keyof typeof FALLBACK) {
  if (mapping[key]) return attributeValue(checked.attributes, mapping[key]);
  for (const name of FALLBACK[key]) {
    const value = attributeValue(checked.attributes, name);
    if (value) return value;
  }
  return undefined;
}

async function profileOf(db: Kysely<Database>, settings: SettingsRow, checked: CheckedResponse) {
  const mapping = parseMapping(settings.attribute_mapping);
  const email = (field(checked, mapping, 'email') ?? checked.nameId).trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    throw new SamlRefusal('Neither the mapped e-mail attribute nor the NameID is an e-mail address.');
  const local = email.split('@')[0]!;
  const departmentName = attributeValue(checked.attributes, mapping.department);
  const department = departmentName ? await findDepartmentByName(db, settings.company_id, departmentName) : undefined;
  const fields = await findCompanyCustomFields(db, settings.company_id);
  const customInput: Record<string, string> = {};
  for (const [key, attribute] of Object.entries(mapping.custom_fields)) {
    const value = attributeValue(checked.attributes, attribute);
    if (value !== undefined) customInput[key] = value;
  }
  // Values the field refuses are left out (the sign-in goes on); the test sign-in shows what was sent.
  const valid = validateCustomFields(fields, customInput, false).values;
  const phone = attributeValue(checked.attributes, mapping.phone);
  return {
    email,
    // Undefined when the IdP sends no name: an existing user keeps theirs; a new one gets a stand-in.
    firstName: field(checked, mapping, 'first_name')?.slice(0, 100),
    lastName: field(checked, mapping, 'last_name')?.slice(0, 100),
    local,
    phone: phone && /^[+0-9 ()-]{1,32}$/.test(phone) ? phone : undefined,
    departmentId: department?.id,
    custom: valid,
  };
}

/** The user the response names in the company, made on first sign-in when the company allows it. */
async function userFor(trx: Kysely<Database>, settings: SettingsRow, checked: CheckedResponse, now: string) {
  const profile = await profileOf(trx, settings, checked);
  const ctx = { actorId: null, impersonatorId: null, companyId: settings.company_id, ip: '', now: () => new Date(now) };
  const existing = await findCompanyUserByEmail(trx, settings.company_id, profile.email);
  if (existing) {
    if (existing.suspended === 1) throw new SamlRefusal('This account is deactivated.');
    const changes = {
      ...(profile.firstName !== undefined && profile.firstName !== existing.first_name
        ? { first_name: profile.firstName }
        : {}),
      ...(profile.lastName !== undefined && profile.lastName !== existing.last_name
        ? { last_name: profile.lastName }
        : {}),
      ...(profile.phone !== undefined && profile.phone !== existing.phone ? { phone: profile.phone } : {}),
      ...(profile.departmentId !== undefined && profile.departmentId !== existing.department_id
        ? { department_id: profile.departmentId }
        : {}),
    };
    const changed = Object.keys(changes).length > 0 || profile.custom.length > 0;
    if (Object.keys(changes).length > 0) {
      await updateSsoUser(trx, existing.id, { ...changes, updated_at: now });
      await audit(
        trx,
        { ...ctx, actorId: existing.id },
        { action: 'user.update', entityType: 'user', entityId: existing.id, after: changes },
      );
    }
    await writeCustomValues(trx, settings.company_id, existing.id, profile.custom);
    if (changed) await runAssignmentRules(trx, settings.company_id, [existing.id]);
    return { user: { ...existing, ...changes } as UserRow, created: false };
  }
  if (settings.create_users !== 1)
    throw new SamlRefusal(`No user ${profile.email} in this company (creating users on first sign-in is off).`);
  if (await isNameHeld(trx, profile.email))
    throw new SamlRefusal(`${profile.email} belongs to an account of another company.`);
  const user = await insertSsoUser(trx, {
    company_id: settings.company_id,
    username: profile.email,
    email: profile.email,
    first_name: profile.firstName ?? profile.local.slice(0, 100),
    last_name: profile.lastName ?? '-',
    phone: profile.phone ?? null,
    role: settings.default_role,
    department_id: profile.departmentId ?? null,
    created_at: now,
    updated_at: now,
  });
  await writeCustomValues(trx, settings.company_id, user.id, profile.custom);
  await audit(
    trx,
    { ...ctx, actorId: user.id },
    { action: 'user.create', entityType: 'user', entityId: user.id, after: { ...user, source: 'sso' } },
  );
  // The welcome message, as for the console's, SCIM's and an import's new users (the schedule's user_registration rows).
  await queueRegistrationNotifications(trx, { companyId: settings.company_id, userIds: [user.id], now: new Date(now) });
  await runAssignmentRules(trx, settings.company_id, [user.id]);
  return { user, created: true };
}

/** Where a user lands: staff in the console (or the page they asked for), learners on My Courses. */
function landing(user: UserRow, redirect: string | null): string {
  if (hasRoleAccess(user.role, CONSOLE_MIN_ROLE)) return safeRedirect(redirect ?? undefined, '/admin');
  const safe = safeRedirect(redirect ?? undefined, '/');
  return /^\/(admin|api)(\/|\?|#|$)/.test(safe) ? '/' : safe;
}

/**
 * The ACS: checks the response (saml-response.ts), refuses replays, then either records a test
 * sign-in's attributes or signs the user in (made on first sign-in), all in one transaction with its
 * audit entries. A refusal is recorded with its reason and audited, and signs no one in.
 */
export async function consumeAssertion(
  deps: AppDeps,
  settings: SettingsRow | undefined,
  input: AcsInput,
): Promise<AcsResult> {
  const now = deps.config.now();
  const stamp = iso(now);
  const urls = spUrls(deps.config.publicUrl, input.companyId);
  const ctx = { actorId: null, impersonatorId: null, companyId: input.companyId, ip: input.ip, now: deps.config.now };
  let checked: CheckedResponse | null = null;
  try {
    if (!settings?.idp_certificate) throw new SamlRefusal('Single sign-on is not set up for this company.');
    checked = await checkResponse(deps.db, settings, urls, input.samlResponse, now);
    const response = checked;
    if (response.purpose !== 'test' && settings.enabled !== 1)
      throw new SamlRefusal('Single sign-on is off for this company.');
    if (await isCompanySuspended(deps.db, input.companyId)) throw new SamlRefusal('This company is suspended.');
    return await deps.db.transaction().execute(async (trx): Promise<AcsResult> => {
      if (response.requestId && !(await consumeRequest(trx, response.requestId, stamp))) {
        throw new SamlRefusal('The request was answered already (replay).');
      }
      if (!(await rememberAssertion(trx, input.companyId, response.assertionId, response.assertionExpiresAt))) {
        throw new SamlRefusal('This assertion was used before (replay).');
      }
      const base = {
        company_id: input.companyId,
        request_id: response.requestId,
        name_id: response.nameId.slice(0, 255),
        created_at: stamp,
      };
      if (response.purpose === 'test') {
        await insertEvent(trx, {
          ...base,
          outcome: 'tested',
          reason: null,
          user_id: null,
          attributes: JSON.stringify(response.attributes),
        });
        await audit(trx, ctx, {
          action: 'auth.sso_test',
          entityType: 'company',
          entityId: input.companyId,
          after: { name_id: response.nameId },
        });
        return { kind: 'test', requestId: response.requestId };
      }
      const { user, created } = await userFor(trx, settings, response, stamp);
      const issued = await createSession(trx, {
        userId: user.id,
        impersonatorId: null,
        ip: input.ip,
        userAgent: input.userAgent,
        now,
      });
      await recordSsoLogin(trx, user.id, stamp);
      await insertEvent(trx, {
        ...base,
        outcome: created ? 'created' : 'signed_in',
        reason: null,
        user_id: user.id,
        attributes: null,
      });
      await audit(
        trx,
        { ...ctx, actorId: user.id },
        { action: 'auth.login', entityType: 'user', entityId: user.id, after: { method: 'saml' } },
      );
      await pruneExpired(trx, stamp);
      return { kind: 'session', user, issued, redirect: landing(user, response.redirect) };
    });
  } catch (error) {
    if (!(error instanceof SamlRefusal)) throw error;
    const reason = error.message.slice(0, 255);
    // A company without SSO settings (or none at all) has no log to write to.
    if (!settings) return { kind: 'refused', reason };
    await deps.db.transaction().execute(async (trx) => {
      await insertEvent(trx, {
        company_id: input.companyId,
        request_id: checked?.requestId ?? null,
        outcome: 'refused',
        reason,
        name_id: checked?.nameId.slice(0, 255) ?? null,
        user_id: null,
        attributes: checked?.purpose === 'test' ? JSON.stringify(checked.attributes) : null,
        created_at: stamp,
      });
      await audit(trx, ctx, {
        action: 'auth.sso_refused',
        entityType: 'company',
        entityId: input.companyId,
        after: { reason },
      });
    });
    return { kind: 'refused', reason };
  }
}
