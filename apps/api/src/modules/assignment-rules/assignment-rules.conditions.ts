import { RULE_CUSTOM_FIELD_PREFIX, RULE_MESSAGES, type RuleMatch } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { type FieldErrors, invalid } from '../../platform/errors.ts';
import type { PickPart, RulePick } from '../assignments/index.ts';
import { type CustomFieldDef, customFieldCriteria, findCustomFields } from '../users/index.ts';
import { findCompanyDepartmentIds } from './assignment-rules.repository.ts';

/** A condition as stored (assignment_rules.conditions) and as the contract's schema checked it. */
export interface StoredCondition {
  field: string;
  operator: string;
  value: unknown;
}

const DAY_MS = 86_400_000;

/** The moment N days before `now`: a date for hired_at (stored YYYY-MM-DD), a timestamp for created_at. */
function sinceFrom(column: 'hired_at' | 'created_at', days: number, now: Date): string {
  const from = new Date(now.getTime() - days * DAY_MS).toISOString();
  return column === 'hired_at' ? from.slice(0, 10) : from;
}

/** The users list's filter values for a custom field condition (`abc*` prefixes, `a..b` date ranges). */
function fieldValues(field: CustomFieldDef, operator: string, values: string[]): string[] | string {
  if (operator === 'starts_with') return field.type === 'text' ? values.map((v) => `${v}*`) : RULE_MESSAGES.startsWith;
  if (operator === 'between') return field.type === 'date' ? [`${values[0]}..${values[1]}`] : RULE_MESSAGES.between;
  return values;
}

/**
 * Resolves a rule's conditions to the SQL-ready parts the assignment writer takes: department
 * subtrees, roles and custom fields as the users list's own criteria, "within N days" as a moment.
 * `strict` (saving, dry run): a condition naming another company's department or an unknown field is a
 * 422 on `conditions.<i>.value`; not strict (a run of a stored rule whose field was since deleted):
 * that condition matches nobody.
 */
export async function compileConditions(
  db: Kysely<Database>,
  companyId: number,
  match: RuleMatch,
  conditions: StoredCondition[],
  now: Date,
  strict: boolean,
): Promise<RulePick> {
  const keys = conditions
    .filter((c) => c.field.startsWith(RULE_CUSTOM_FIELD_PREFIX))
    .map((c) => c.field.slice(RULE_CUSTOM_FIELD_PREFIX.length));
  const fields = new Map((await findCustomFields(db, companyId, [...new Set(keys)])).map((f) => [f.key, f]));
  const departmentIds = conditions.flatMap((c) => (c.field === 'department_id' ? (c.value as number[]) : []));
  const known = new Set(await findCompanyDepartmentIds(db, companyId, [...new Set(departmentIds)]));
  const errors: FieldErrors = {};
  const nobody: PickPart = { kind: 'criteria', criteria: { companyId, scope: null, userIds: [] } };
  const parts = conditions.map((c, i): PickPart => {
    const fail = (message: string): PickPart => {
      errors[`conditions.${i}.value`] = [message];
      return nobody;
    };
    const base = { companyId, scope: null };
    if (c.field === 'department_id') {
      const ids = c.value as number[];
      if (ids.some((id) => !known.has(id))) return fail(RULE_MESSAGES.departmentMissing);
      return { kind: 'criteria', criteria: { ...base, departmentIds: ids } };
    }
    if (c.field === 'role') return { kind: 'criteria', criteria: { ...base, roles: c.value as number[] } };
    if (c.field === 'hired_at' || c.field === 'created_at')
      return { kind: 'since', column: c.field, from: sinceFrom(c.field, Number(c.value), now) };
    const field = fields.get(c.field.slice(RULE_CUSTOM_FIELD_PREFIX.length));
    if (!field) return fail(RULE_MESSAGES.unknownField);
    const values = fieldValues(field, c.operator, c.value as string[]);
    if (typeof values === 'string') return fail(values);
    try {
      const criteria = { ...base, customFields: [customFieldCriteria(field, values)] };
      return { kind: 'criteria', criteria, ...(c.operator === 'not_in' ? { negate: true } : {}) };
    } catch (error) {
      const details = (error as { details?: Record<string, string[]> }).details;
      if (!details) throw error;
      return fail(Object.values(details).flat()[0] ?? RULE_MESSAGES.values);
    }
  });
  if (strict && Object.keys(errors).length > 0) throw invalid(errors);
  return { match, parts };
}
