/** The users list's criteria and WHERE clause, as the bulk changes and exports import them (defined in users-list.repository.ts). */
export {
  type PlanHint,
  type UserCriteria,
  criteriaWhere,
  defaultHint,
  hasFilters,
  orderColumn,
  populationOf,
} from './users-list.repository.ts';
