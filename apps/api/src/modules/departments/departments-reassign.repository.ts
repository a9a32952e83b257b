import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { RequestContext } from '../../platform/context.ts';

type AuditCtx = Pick<RequestContext, 'actorId' | 'impersonatorId' | 'ip'>;

/**
 * Moves every user of department `fromId` to `toId`, set-based: first one `user.update` audit
 * entry per moved user (INSERT … SELECT, so no row-by-row loop), then one UPDATE. Call it inside
 * the delete's transaction. Returns how many users moved.
 */
export async function reassignUsers(
  db: Kysely<Database>,
  ctx: AuditCtx,
  input: { companyId: number; fromId: number; toId: number; now: string },
): Promise<number> {
  const { companyId, fromId, toId, now } = input;
  const before = JSON.stringify({ department_id: fromId });
  const after = JSON.stringify({ department_id: toId, reason: 'department deleted' });
  await db
    .insertInto('audit_log')
    .columns([
      'company_id',
      'actor_id',
      'impersonator_id',
      'action',
      'entity_type',
      'entity_id',
      'before',
      'after',
      'ip',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([
          sql<number>`CAST(${companyId} AS INTEGER)`.as('company_id'),
          sql<number | null>`CAST(${ctx.actorId} AS INTEGER)`.as('actor_id'),
          sql<number | null>`CAST(${ctx.impersonatorId} AS INTEGER)`.as('impersonator_id'),
          sql<string>`CAST(${'user.update'} AS TEXT)`.as('action'),
          sql<string>`CAST(${'user'} AS TEXT)`.as('entity_type'),
          sql<string>`CAST(id AS VARCHAR(20))`.as('entity_id'),
          sql<string>`CAST(${before} AS TEXT)`.as('before'),
          sql<string>`CAST(${after} AS TEXT)`.as('after'),
          sql<string>`CAST(${ctx.ip} AS TEXT)`.as('ip'),
          sql<string>`CAST(${now} AS TEXT)`.as('created_at'),
        ])
        .where('company_id', '=', companyId)
        .where('department_id', '=', fromId),
    )
    .execute();
  const result = await db
    .updateTable('users')
    .set({ department_id: toId, updated_at: now })
    .where('company_id', '=', companyId)
    .where('department_id', '=', fromId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
