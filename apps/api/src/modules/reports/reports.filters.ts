import { type ReportQuery, fieldFilters } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { isCalendarDay, iso } from '../../platform/clock.ts';
import type { RequestContext } from '../../platform/context.ts';
import { type FieldErrors, forbidden, invalid } from '../../platform/errors.ts';
import { type ScopeContext, departmentScope } from '../../platform/scope.ts';
import { departmentIdsUnder } from '../../platform/scope.repository.ts';
import type { PeriodRange, ReportCriteria } from './reports.criteria.ts';
import { customFieldCriteria, findCustomFields } from '../users/index.ts';
import { companyDepartments } from './reports.repository.ts';

const MAX_VALUES = 500;
const ID = /^[1-9][0-9]{0,9}$/;
const DATE_MESSAGE = 'Use YYYY-MM-DD..YYYY-MM-DD (either end may be left out).';
const EXACT_VALUES_MESSAGE = 'Reports filter custom fields by exact values: leave out * and date ranges.';

const ids = (values: string[]) =>
  values.every((v) => ID.test(v) && Number(v) <= 2_147_483_647) ? [...new Set(values.map(Number))] : undefined;

/** `from..to` of days (either end may be empty): from the start of the first to the end of the last, UTC. */
export function parsePeriod(values: string[]): PeriodRange | undefined {
  const [from = '', to = ''] = (values.length === 1 ? values[0]! : values.join('..')).split('..');
  if ((from && !isCalendarDay(from)) || (to && !isCalendarDay(to)) || (!from && !to)) return undefined;
  if (from && to && from > to) return undefined;
  return {
    ...(from ? { from: `${from}T00:00:00.000Z` } : {}),
    ...(to ? { to: `${to}T23:59:59.999Z` } : {}),
  };
}

/**
 * The criteria of a report request: its `field[…]` filters validated (422 naming the filter), the
 * department filter's subtrees cut to the caller's reach (a department outside it is a 403, one of
 * another company a 422 like any unknown id), custom fields looked up by key. The caller is a request's
 * context, or the recipient of an automated report (who and which company, and the clock).
 */
export async function reportCriteria(
  db: Kysely<Database>,
  ctx: ScopeContext & Pick<RequestContext, 'now'>,
  query: ReportQuery,
): Promise<ReportCriteria> {
  const filters = fieldFilters(query);
  const errors: FieldErrors = {};
  const companyId = ctx.companyId;
  let courseIds: number[] | undefined;
  let departmentIds: number[] | undefined;
  let period: PeriodRange | undefined;
  const fieldValues: [string, string[]][] = [];
  for (const [name, values] of Object.entries(filters)) {
    const key = `field[${name}]`;
    if (values.length === 0) continue;
    if (values.length > MAX_VALUES) {
      errors[key] = [`Use at most ${MAX_VALUES} values.`];
    } else if (name === 'course_id') {
      courseIds = ids(values);
      if (!courseIds) errors[key] = ['Use course ids.'];
    } else if (name === 'department_id') {
      departmentIds = ids(values);
      if (!departmentIds) errors[key] = ['Use department ids.'];
    } else if (name === 'period') {
      period = parsePeriod(values);
      if (!period) errors[key] = [DATE_MESSAGE];
    } else if (name.startsWith('cf.') && name.length > 3) {
      if (values.some((v) => v.length > 1000)) errors[key] = ['Use values of at most 1,000 characters.'];
      else fieldValues.push([name.slice(3), [...new Set(values)]]);
    } else {
      errors[key] = ['Unknown filter.'];
    }
  }
  const fields = await findCustomFields(
    db,
    companyId,
    fieldValues.map(([key]) => key),
  );
  const customFields: { fieldId: number; values: string[] }[] = [];
  for (const [key, values] of fieldValues) {
    const field = fields.find((f) => f.key === key);
    if (!field) {
      errors[`field[cf.${key}]`] = ['Unknown custom field.'];
      continue;
    }
    // As the users and assignments lists read them: select options holding commas joined again,
    // values in their stored spelling.
    const criteria = customFieldCriteria(field, values);
    if (criteria.ranges) errors[`field[cf.${key}]`] = [EXACT_VALUES_MESSAGE];
    else customFields.push({ fieldId: criteria.fieldId, values: criteria.values });
  }
  const scope = await departmentScope(db, ctx);
  let departments = scope;
  if (departmentIds && !errors['field[department_id]']) {
    const found = await companyDepartments(db, companyId, departmentIds);
    if (found.length !== departmentIds.length) errors['field[department_id]'] = ['Choose existing departments.'];
    else if (scope && found.some((department) => !scope.includes(department.id))) throw forbidden();
    else {
      const subtree = await departmentIdsUnder(
        db,
        companyId,
        found.map((department) => department.path),
      );
      departments = scope ? subtree.filter((id) => scope.includes(id)) : subtree;
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return {
    companyId,
    now: iso(ctx.now()),
    departments,
    ...(courseIds ? { courseIds } : {}),
    ...(period ? { period } : {}),
    ...(customFields.length > 0 ? { customFields } : {}),
    includeDeactivated: query.include_deactivated === true,
  };
}
