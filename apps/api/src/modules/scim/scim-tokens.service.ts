import type { ProvisioningLogEntry, ProvisioningLogQuery, ScimToken } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import {
  type TokenRow,
  findToken,
  insertToken,
  listLogEntries,
  listTokens,
  revokeTokenRow,
} from './scim-tokens.repository.ts';

/** A prefix that says what the secret is (and lets secret scanners recognise a leaked one). */
const TOKEN_PREFIX = 'heed_scim_';

const toToken = (row: TokenRow): ScimToken => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  created_by: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
});

export async function listScimTokens(db: Kysely<Database>, ctx: AuthedContext) {
  return (await listTokens(db, ctx.companyId)).map(toToken);
}

/** A new token of the company the request acts on; the secret leaves the server this once. */
export async function createScimToken(db: Kysely<Database>, ctx: AuthedContext, name: string) {
  const secret = `${TOKEN_PREFIX}${randomToken()}`;
  return db.transaction().execute(async (trx) => {
    const id = await insertToken(trx, {
      companyId: ctx.companyId,
      name,
      hash: hashToken(secret),
      createdBy: ctx.user.id,
      now: iso(ctx.now()),
    });
    await audit(trx, ctx, { action: 'scim.token.create', entityType: 'scim_token', entityId: id, after: { name } });
    const row = (await listTokens(trx, ctx.companyId)).find((t) => t.id === id)!;
    return { ...toToken(row), token: secret };
  });
}

/** Revokes a token of the company (another company's id is a 404); revoking twice changes nothing. */
export async function revokeScimToken(db: Kysely<Database>, ctx: AuthedContext, id: number) {
  return db.transaction().execute(async (trx) => {
    const token = await findToken(trx, ctx.companyId, id);
    if (!token) throw notFound();
    if (token.revoked_at === null) {
      await revokeTokenRow(trx, id, iso(ctx.now()));
      await audit(trx, ctx, {
        action: 'scim.token.revoke',
        entityType: 'scim_token',
        entityId: id,
        before: { name: token.name },
      });
    }
    return toToken((await listTokens(trx, ctx.companyId)).find((t) => t.id === id)!);
  });
}

export async function listProvisioningLog(db: Kysely<Database>, ctx: AuthedContext, query: ProvisioningLogQuery) {
  const { rows, total } = await listLogEntries(db, {
    companyId: ctx.companyId,
    operation: query.operation,
    result: query.result,
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  const data: ProvisioningLogEntry[] = rows;
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
