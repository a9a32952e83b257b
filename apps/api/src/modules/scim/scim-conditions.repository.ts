import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import { scimError } from './scim-errors.ts';
import { type CompareOp, type Filter, type FilterValue, normalizePath } from './scim-filter.ts';

/**
 * A filterable attribute: its column, whether values compare case-exactly (SCIM's caseExact), and how a
 * filter value becomes a column value (undefined: matches nothing, as `id eq "abc"` does).
 */
export interface Column {
  ref: Expression<unknown>;
  caseExact: boolean;
  kind: 'text' | 'id' | 'active' | 'time';
}

export type Tables = 'users' | 'departments';
export type Eb = ExpressionBuilder<Database, Tables>;
export type Resolve = (eb: Eb, path: string) => Column | 'members' | undefined;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const never = sql<SqlBool>`1 = 0`;
const always = sql<SqlBool>`1 = 1`;

function columnValue(column: Column, value: FilterValue): string | number | undefined {
  if (column.kind === 'id') return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : undefined;
  if (column.kind === 'active') return value === true ? 0 : value === false ? 1 : undefined;
  if (typeof value !== 'string') return undefined;
  return column.caseExact ? value : value.toLowerCase();
}

function compare(eb: Eb, column: Column, op: CompareOp, value: FilterValue): Expression<SqlBool> {
  if (value === null)
    return op === 'eq' ? eb(column.ref, 'is', null) : op === 'ne' ? eb(column.ref, 'is not', null) : never;
  const v = columnValue(column, value);
  if (v === undefined) {
    if (column.kind === 'active' || column.kind === 'id') return op === 'ne' ? always : never;
    throw scimError(400, 'invalidFilter', 'The value does not suit the attribute.');
  }
  // Case-insensitive text is stored in lower case for names the index serves (userName, emails), else lowered here.
  const ref = column.caseExact || column.kind !== 'text' ? column.ref : sql`lower(${column.ref})`;
  switch (op) {
    case 'eq':
      return eb(ref, '=', v);
    case 'ne':
      return eb.or([eb(ref, '!=', v), eb(column.ref, 'is', null)]);
    case 'gt':
      return eb(ref, '>', v);
    case 'ge':
      return eb(ref, '>=', v);
    case 'lt':
      return eb(ref, '<', v);
    case 'le':
      return eb(ref, '<=', v);
    default: {
      if (typeof v !== 'string') throw scimError(400, 'invalidFilter', `"${op}" compares text only.`);
      const pattern = op === 'co' ? `%${escapeLike(v)}%` : op === 'sw' ? `${escapeLike(v)}%` : `%${escapeLike(v)}`;
      // LIKE is case-sensitive on PostgreSQL: a case-exact attribute compares as stored, lowered text as lowered.
      return sql<SqlBool>`${ref} LIKE ${pattern} ESCAPE '\\'`;
    }
  }
}

/**
 * The SQL condition of a parsed filter over the attributes `resolve` knows; an unknown attribute is a
 * 400 `invalidFilter`. Values are always bound parameters.
 */
export function filterCondition(
  eb: Eb,
  filter: Filter,
  resolve: Resolve,
  members: (eb: Eb, sub: Filter) => Expression<SqlBool>,
): Expression<SqlBool> {
  switch (filter.kind) {
    case 'and':
      return eb.and([
        filterCondition(eb, filter.left, resolve, members),
        filterCondition(eb, filter.right, resolve, members),
      ]);
    case 'or':
      return eb.or([
        filterCondition(eb, filter.left, resolve, members),
        filterCondition(eb, filter.right, resolve, members),
      ]);
    case 'not':
      return eb.not(filterCondition(eb, filter.filter, resolve, members));
    case 'valuePath': {
      const path = normalizePath(filter.path);
      if (resolve(eb, path) === 'members') return members(eb, filter.filter);
      // A multi-valued attribute we hold one of (emails, phoneNumbers): its sub-filter on `path.sub`.
      return filterCondition(eb, prefixed(filter.filter, path), resolve, members);
    }
    case 'present': {
      const column = resolve(eb, normalizePath(filter.path));
      if (column === undefined) throw unknownAttribute(filter.path);
      if (column === 'members') return members(eb, { kind: 'present', path: 'value' });
      return eb(column.ref, 'is not', null);
    }
    case 'compare': {
      const path = normalizePath(filter.path);
      const column = resolve(eb, path);
      if (column === undefined) throw unknownAttribute(filter.path);
      if (column === 'members') return members(eb, { ...filter, path: 'value' });
      return compare(eb, column, filter.op, filter.value);
    }
  }
}

/** `emails[type eq "work"]` → `emails.type eq "work"`. */
function prefixed(filter: Filter, path: string): Filter {
  switch (filter.kind) {
    case 'and':
    case 'or':
      return { ...filter, left: prefixed(filter.left, path), right: prefixed(filter.right, path) };
    case 'not':
      return { ...filter, filter: prefixed(filter.filter, path) };
    case 'valuePath':
      throw scimError(400, 'invalidFilter', 'Brackets cannot nest.');
    default:
      return { ...filter, path: `${path}.${normalizePath(filter.path)}` };
  }
}

const unknownAttribute = (path: string) => scimError(400, 'invalidFilter', `"${path}" cannot be filtered on.`);
