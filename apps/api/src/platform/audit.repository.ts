import type { Kysely, Transaction } from 'kysely';
import { compileOnce } from '../db/compile-once.ts';
import type { Database } from '../db/types.ts';
import { iso } from './clock.ts';
import type { RequestContext } from './context.ts';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the company the request acts on. */
  companyId?: number | null;
}

const SECRET_KEYS = new Set(['password', 'password_hash', 'token', 'token_hash', 'csrf_token', 'id_hash']);

function redact(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v) => (SECRET_KEYS.has(key) ? '[redacted]' : v));
}

/** The audit INSERT, compiled once per database handle: every mutation writes one (parameters in column order). */
const insertAuditRow = compileOnce((db) =>
  db.insertInto('audit_log').values({
    company_id: null,
    actor_id: null,
    impersonator_id: null,
    action: '',
    entity_type: '',
    entity_id: null,
    before: null,
    after: null,
    ip: null,
    created_at: '',
  }),
);

/**
 * Writes one audit entry. Call it inside the mutation's transaction so that the change and its
 * record commit or roll back together. Records both the acting user and, while impersonating, the
 * person behind them.
 */
export async function audit(
  trx: Transaction<Database> | Kysely<Database>,
  ctx: Pick<RequestContext, 'actorId' | 'impersonatorId' | 'companyId' | 'ip' | 'now'>,
  entry: AuditEntry,
): Promise<void> {
  await insertAuditRow(trx, [
    entry.companyId === undefined ? ctx.companyId : entry.companyId,
    ctx.actorId,
    ctx.impersonatorId,
    entry.action,
    entry.entityType,
    entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    redact(entry.before),
    redact(entry.after),
    ctx.ip,
    iso(ctx.now()),
  ]);
}
