import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { CustomFieldCriteria, ValueRange } from './custom-field-filters.ts';
import type { PlanHint } from './users.criteria.ts';

// The SQL of the users list's custom field filters, as custom-field-filters.ts reads them.

type ValuesEb = ExpressionBuilder<Database, 'user_field_values'>;
type UsersEb = ExpressionBuilder<Database, 'users'>;

function rangeCondition(eb: ValuesEb, range: ValueRange): Expression<SqlBool> {
  const value = 'user_field_values.value' as const;
  const and: Expression<SqlBool>[] = [];
  if (range.min !== undefined) and.push(eb(value, '>=', range.min));
  if (range.max !== undefined) and.push(eb(value, '<=', range.max));
  if (range.below !== undefined) and.push(eb(value, '<', range.below));
  // The bounds narrow through the index; this decides exactly, whatever the column's collation.
  if (range.prefix !== undefined)
    and.push(sql<SqlBool>`substr(${sql.ref(value)}, 1, ${[...range.prefix].length}) = ${range.prefix}`);
  return eb.and(and);
}

/**
 * The values condition of one custom field filter, inside the (company_id, field_id) lookup. One
 * kind of match (the console's case) stays a plain index range; several are OR'ed.
 */
function customValueCondition(eb: ValuesEb, field: CustomFieldCriteria): Expression<SqlBool> {
  const alternatives: Expression<SqlBool>[] = (field.ranges ?? []).map((range) => rangeCondition(eb, range));
  if (field.values.length > 0) alternatives.unshift(eb('user_field_values.value', 'in', field.values));
  if (alternatives.length === 0) return sql<SqlBool>`1 = 0`;
  return alternatives.length === 1 ? alternatives[0]! : eb.or(alternatives);
}

/** The ids of the company's users holding a matching value of one field: one range of the (company, field, value) index. */
export function customFieldHolders(
  eb: ExpressionBuilder<Database, any>,
  companyId: number,
  field: CustomFieldCriteria,
) {
  return eb
    .selectFrom('user_field_values')
    .select('user_field_values.user_id')
    .where('user_field_values.company_id', '=', companyId)
    .where('user_field_values.field_id', '=', field.fieldId)
    .where((values) => customValueCondition(values, field));
}

/**
 * Users holding a matching value of one field, in the way the plan wants (users.criteria.ts):
 * - walking users in sort order with `probe`: each row checked through its (user_id, field_id) key,
 *   so no set of matches is built (a million-entry IN list costs a second) — for short walks;
 * - walking users in sort order otherwise: the matches built once into a set (cheap per row on a long walk);
 * - fetching matches (`matchDriven`, PostgreSQL, plain): from the (company_id, field_id, value) index,
 *   users found by id.
 */
export function customFieldMatch(
  eb: UsersEb,
  companyId: number,
  field: CustomFieldCriteria,
  hint: Pick<PlanHint, 'mode' | 'probe'> | undefined,
): Expression<SqlBool> {
  if (hint?.mode === 'sortDriven' && hint.probe) {
    return eb.exists(
      eb
        .selectFrom('user_field_values')
        .select(sql<number>`1`.as('held'))
        .whereRef('user_field_values.user_id', '=', 'users.id')
        // With the tenant, an exact value is one seek into the covering (company, field, value, user) index.
        .where('user_field_values.company_id', '=', companyId)
        .where('user_field_values.field_id', '=', field.fieldId)
        .where((values) => customValueCondition(values, field)),
    );
  }
  const holders = customFieldHolders(eb, companyId, field);
  // Walking in sort order, the id must not drive the query: hidden from the planner (SQLite's `+`).
  const id = hint?.mode === 'sortDriven' ? sql`+${sql.ref('users.id')}` : sql.ref('users.id');
  return sql<SqlBool>`${id} IN (${holders})`;
}
