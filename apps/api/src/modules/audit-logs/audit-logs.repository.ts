import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { TimeKey } from './cursor.ts';
import type { TimeRange } from './history-filters.ts';

/** What an audit list request asks for, already checked. */
export interface AuditCriteria {
  /** The companies to read, or every company and the platform's own entries. */
  companies: number[] | 'all';
  actorIds?: number[];
  impersonatorIds?: number[];
  actions?: string[];
  entityTypes?: string[];
  entityIds?: string[];
  created?: TimeRange;
  text?: string;
}

type Eb = ExpressionBuilder<Database, 'audit_log'>;

/** `%text%` for LIKE, its own % and _ escaped with a backslash. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matches(eb: Eb, c: AuditCriteria) {
  const where = [];
  if (c.companies !== 'all') where.push(eb('company_id', 'in', c.companies));
  if (c.actorIds) where.push(eb('actor_id', 'in', c.actorIds));
  if (c.impersonatorIds) where.push(eb('impersonator_id', 'in', c.impersonatorIds));
  if (c.actions) where.push(eb('action', 'in', c.actions));
  if (c.entityTypes) where.push(eb('entity_type', 'in', c.entityTypes));
  if (c.entityIds) where.push(eb('entity_id', 'in', c.entityIds));
  if (c.created?.from) where.push(eb('created_at', '>=', c.created.from));
  if (c.created?.to) where.push(eb('created_at', '<=', c.created.to));
  if (c.text) {
    const pattern = containsPattern(c.text);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    where.push(eb.or(['action', 'entity_type', 'entity_id', 'before', 'after'].map(like)));
  }
  return eb.and(where);
}

/**
 * The ids of one page, newest first: `limit` entries after the cursor, read from an index that ends
 * in `(created_at, id)` (migration 032), so a deep page costs what the first does.
 */
export async function listAuditIds(
  db: Kysely<Database>,
  criteria: AuditCriteria,
  after: TimeKey | undefined,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('id')
    .where((eb) => matches(eb, criteria))
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after!.at, after!.id))),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The entries of a page with their people and company, in the ids' order. */
export async function readAuditEntries(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('audit_log as l')
    .leftJoin('users as u', 'u.id', 'l.actor_id')
    .leftJoin('users as i', 'i.id', 'l.impersonator_id')
    .leftJoin('companies as c', 'c.id', 'l.company_id')
    .select([
      'l.id',
      'l.created_at',
      'l.company_id',
      'c.name as company_name',
      'l.actor_id',
      'u.username as actor_username',
      'u.first_name as actor_first_name',
      'u.last_name as actor_last_name',
      'l.impersonator_id',
      'i.username as impersonator_username',
      'i.first_name as impersonator_first_name',
      'i.last_name as impersonator_last_name',
      'l.action',
      'l.entity_type',
      'l.entity_id',
      'l.before',
      'l.after',
      'l.ip',
    ])
    .where('l.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}
export type AuditRow = Awaited<ReturnType<typeof readAuditEntries>>[number];
