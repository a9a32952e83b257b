import {
  ASSIGNMENT_LEARNER_STATUSES,
  ASSIGNMENT_SOURCES,
  ASSIGNMENT_STATUSES,
  type AssignmentLearnerStatus,
  type AssignmentSource,
  type AssignmentStatus,
  CUSTOM_FIELD_FILTER_PREFIX,
  fieldFilters,
} from '@heed/contract';
import { isCalendarDay } from '../../platform/clock.ts';
import { type FieldErrors, invalid } from '../../platform/errors.ts';
import { hasNul } from '../users/index.ts';
import type { AssignmentCriteria, Range } from './assignments.criteria.ts';

export type FilterCriteria = Omit<AssignmentCriteria, 'companyId' | 'scope' | 'now' | 'text' | 'customFields'>;

const MAX_VALUES = 500;
const ID = /^[1-9][0-9]{0,9}$/;

const ids = (values: string[]) =>
  values.every((v) => ID.test(v) && Number(v) <= 2_147_483_647) ? [...new Set(values.map(Number))] : undefined;

const among =
  <T extends string>(allowed: readonly T[]) =>
  (values: string[]) =>
    values.every((v) => (allowed as readonly string[]).includes(v)) ? ([...new Set(values)] as T[]) : undefined;

/** `from..to` of days (either end may be empty): from the start of the first to the end of the last, UTC. */
function dateRange(values: string[]): Range<string> | undefined {
  const [from = '', to = ''] = (values.length === 1 ? values[0]! : values.join('..')).split('..');
  if ((from && !isCalendarDay(from)) || (to && !isCalendarDay(to)) || (!from && !to)) return undefined;
  return {
    ...(from ? { from: `${from}T00:00:00.000Z` } : {}),
    ...(to ? { to: `${to}T23:59:59.999Z` } : {}),
  };
}

function scoreRange(values: string[]): Range<number> | undefined {
  const [from = '', to = ''] = (values.length === 1 ? values[0]! : values.join('..')).split('..');
  const score = (v: string) => (/^\d{1,3}$/.test(v) && Number(v) <= 100 ? Number(v) : undefined);
  if ((from && score(from) === undefined) || (to && score(to) === undefined) || (!from && !to)) return undefined;
  return { ...(from ? { from: score(from) } : {}), ...(to ? { to: score(to) } : {}) };
}

type Parser = [keyof FilterCriteria, (values: string[]) => unknown, string];

const PARSERS: Record<string, Parser> = {
  id: ['ids', ids, 'Use assignment ids.'],
  user_id: ['userIds', ids, 'Use user ids.'],
  course_id: ['courseIds', ids, 'Use course ids.'],
  department_id: ['departmentIds', ids, 'Use department ids.'],
  status: ['statuses', among<AssignmentStatus>(ASSIGNMENT_STATUSES), `Use ${ASSIGNMENT_STATUSES.join(', ')}.`],
  source: ['sources', among<AssignmentSource>(ASSIGNMENT_SOURCES), `Use ${ASSIGNMENT_SOURCES.join(', ')}.`],
  assigned_at: ['assigned', dateRange, 'Use YYYY-MM-DD..YYYY-MM-DD (either end may be left out).'],
  due_at: ['due', dateRange, 'Use YYYY-MM-DD..YYYY-MM-DD (either end may be left out).'],
  completed_at: ['completed', dateRange, 'Use YYYY-MM-DD..YYYY-MM-DD (either end may be left out).'],
  expires_at: ['expires', dateRange, 'Use YYYY-MM-DD..YYYY-MM-DD (either end may be left out).'],
  score: ['score', scoreRange, 'Use MIN..MAX, scores 0 to 100.'],
  learner_status: [
    'learnerStatuses',
    among<AssignmentLearnerStatus>(ASSIGNMENT_LEARNER_STATUSES),
    `Use ${ASSIGNMENT_LEARNER_STATUSES.join(', ')}.`,
  ],
};

/**
 * Reads the `field[name]=a,b` filters of GET /assignments: an unknown filter or a value of the wrong
 * kind is a 422 naming the filter; an empty list means no filter. `field[cf.<key>]` filters come back
 * apart (`custom`, key → values), for the caller to resolve against the company's fields.
 */
export function parseAssignmentFilters(query: Record<string, unknown>): {
  criteria: FilterCriteria;
  custom: Map<string, string[]>;
} {
  const filters = fieldFilters(query);
  const errors: FieldErrors = {};
  const known = new Set(Object.keys(filters).map((name) => `field[${name}]`.toLowerCase()));
  for (const key of Object.keys(query)) {
    if (key.toLowerCase().startsWith('field[') && !known.has(key.toLowerCase())) errors[key] = ['Unknown filter.'];
  }
  const criteria: Record<string, unknown> = {};
  const custom = new Map<string, string[]>();
  for (const [name, values] of Object.entries(filters)) {
    const key = `field[${name}]`;
    if (values.length === 0) continue;
    if (name.startsWith(CUSTOM_FIELD_FILTER_PREFIX) && name.length > CUSTOM_FIELD_FILTER_PREFIX.length) {
      if (values.length > MAX_VALUES) errors[key] = [`Use at most ${MAX_VALUES} values.`];
      else if (values.some(hasNul)) errors[key] = ['Remove control characters.'];
      else custom.set(name.slice(CUSTOM_FIELD_FILTER_PREFIX.length), values);
      continue;
    }
    const parser = Object.hasOwn(PARSERS, name) ? PARSERS[name] : undefined;
    if (!parser) errors[key] = ['Unknown filter.'];
    else if (values.length > MAX_VALUES) errors[key] = [`Use at most ${MAX_VALUES} values.`];
    else {
      const parsed = parser[1](values);
      if (parsed === undefined) errors[key] = [parser[2]];
      else criteria[parser[0]] = parsed;
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { criteria: criteria as FilterCriteria, custom };
}
