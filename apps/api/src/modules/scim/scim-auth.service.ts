import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import { hashToken } from '../../platform/tokens.ts';
import { scimError } from './scim-errors.ts';
import { type ScimContext, write } from './scim-users.service.ts';
import { findTokenByHash, insertLogEntry, touchToken } from './scim-tokens.repository.ts';

/** A token's "last used" is written at most this often: a sync of thousands of calls writes it a few times. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The company a SCIM call acts for: the one its bearer token belongs to, and nothing else (no header
 * can name another). A missing, unknown or revoked token, or a suspended company, is a 401.
 */
export async function authenticateScim(
  db: Kysely<Database>,
  authorization: string | undefined,
  env: Pick<ScimContext, 'ip' | 'now' | 'baseUrl' | 'dialect'>,
): Promise<ScimContext> {
  const match = /^Bearer\s+(\S{20,200})\s*$/i.exec(authorization ?? '');
  if (!match) throw scimError(401, undefined, 'Send a bearer token from the HRIS Integration page.');
  const token = await findTokenByHash(db, hashToken(match[1]!));
  if (!token || token.suspended === 1) throw scimError(401, undefined, 'This token is not valid, or was revoked.');
  const now = env.now();
  if (!token.last_used_at || now.getTime() - Date.parse(token.last_used_at) >= TOUCH_EVERY_MS) {
    await touchToken(db, token.id, iso(now));
  }
  return { ...env, companyId: token.company_id, tokenId: token.id };
}

/**
 * One row of the provisioning log per authenticated call: what was asked, about whom, and the answer;
 * written as the answer goes out, in a transaction of its own (sharing its commit, like SCIM's writes).
 */
export async function logScimCall(
  db: Kysely<Database>,
  ctx: ScimContext,
  req: FastifyRequest,
  status: number,
  call: { operation: string; resourceType?: string; resourceId?: string; display?: string; detail?: string } | null,
) {
  await write(db, ctx, (trx) =>
    insertLogEntry(trx, {
      company_id: ctx.companyId,
      token_id: ctx.tokenId,
      method: req.method.slice(0, 8),
      path: req.url.slice(0, 512),
      status,
      operation: call?.operation ?? null,
      resource_type: call?.resourceType ?? null,
      resource_id: call?.resourceId?.slice(0, 64) ?? null,
      display: call?.display?.slice(0, 255) ?? null,
      detail: call?.detail?.slice(0, 2000) ?? null,
      created_at: iso(ctx.now()),
    }),
  );
}
