import { PASSWORD_RESET_TTL_MINUTES, PRODUCT_NAME } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { findEmailTemplates } from './password-reset.repository.ts';

/** Notification types of these e-mails (spec §3). */
export type ResetEmailType = 'reset_password' | 'reset_password_completed';

export interface ResetEmailData {
  user: { first_name: string; last_name: string; username: string };
  company: { name: string };
  /** The base of links in the e-mail (config.publicUrl). */
  publicUrl: string;
  /** reset_password only. */
  token?: string;
}

const FALLBACK: Record<ResetEmailType, { subject: string; body: string }> = {
  reset_password: {
    subject: 'Reset your password',
    body: `Hello {{user.first_name}},\n\nUse this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password: {{reset_url}}\n\nIf you did not ask for this, ignore this message.\n\n${PRODUCT_NAME}`,
  },
  reset_password_completed: {
    subject: 'Your password has been reset',
    body: `Hello {{user.first_name}},\n\nYour password was reset. If this was not you, contact your administrator at once.\n\n${PRODUCT_NAME}`,
  },
};

const resetUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/password/reset/${encodeURIComponent(token)}`;

/** The company's own template of the type (e-mail), else the system default, else our fallback text. */
async function findTemplate(db: Kysely<Database>, companyId: number, type: ResetEmailType) {
  const rows = await findEmailTemplates(db, companyId, type);
  const own = rows.find((row) => row.company_id === companyId) ?? rows.find((row) => row.company_id === null);
  return own ? { subject: own.subject ?? FALLBACK[type].subject, body: own.body } : FALLBACK[type];
}

/** Fills `{{placeholder}}`s; one the e-mail does not know is left out rather than shown raw. */
function renderPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_.]+)\s*\}\}/gi, (_, key: string) => values[key] ?? '');
}

export async function composeResetEmail(
  db: Kysely<Database>,
  companyId: number,
  type: ResetEmailType,
  data: ResetEmailData,
) {
  const template = await findTemplate(db, companyId, type);
  const base = data.publicUrl.replace(/\/+$/, '');
  const values: Record<string, string> = {
    'user.first_name': data.user.first_name,
    'user.last_name': data.user.last_name,
    'user.username': data.user.username,
    'company.name': data.company.name,
    login_url: `${base}/login`,
    ...(data.token ? { reset_url: resetUrl(base, data.token) } : {}),
  };
  return { subject: renderPlaceholders(template.subject, values), body: renderPlaceholders(template.body, values) };
}

/** The reset link's token replaced in a stored e-mail body once it has been sent: the delivery log never hands it out. */
export const redactResetLinks = (body: string) =>
  body.replace(/(\/password\/reset\/)[A-Za-z0-9_%-]+/g, '$1[removed after sending]');
