import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { userAssignmentsRoutes } from './user-assignments.routes.ts';
import { USERS_BULK_JOB, usersBulkJob } from './users-bulk.job.ts';
import { usersBulkRoutes } from './users-bulk.routes.ts';
import { usersRoutes } from './users.routes.ts';

/** Users: the list and its export, one user's record and preferences, assignments, bulk actions. */
export const usersModule: HeedModule = {
  name: 'users',
  routes: [usersRoutes, userAssignmentsRoutes, usersBulkRoutes],
  jobs: [
    /** PUT /users over 1,000 users: the bulk action, chunk by chunk with progress. */
    { type: USERS_BULK_JOB, run: usersBulkJob, ...JOB_KINDS.heavy },
  ],
};

// For users-import, which checks and writes each row as the users' own endpoints do.
export { type CustomFieldValue, validateCustomFields } from './custom-field-values.ts';
export type { CustomFieldDef } from './users-relations.repository.ts';
export {
  assertCanAssignRole,
  assertCanChangeSensitive,
  assertCanEdit,
  assertDepartmentInScope,
  sensitiveChanges,
} from './users-rules.ts';
export { LOGIN_NAMESPACE, breaksLoginNamespace } from './users-validation.ts';
export { isCompanyDepartment } from './users-write.repository.ts';
export { hasNul } from './users.filters.ts';
export { listCriteria, pageMeta } from './users.service.ts';
// For recertification: a user's completion history is readable by whoever may read the user.
export { findUserRow } from './users.repository.ts';
// For assignments: learners picked by the users list's own filters, and searched by name through its text index.
export { type PlanHint, type UserCriteria, criteriaWhere } from './users.criteria.ts';
// For assignment-rules: a rule's custom field conditions read as the users list's filters.
export { type CustomFieldCriteria, customFieldCriteria, resolveCustomFieldFilters } from './custom-field-filters.ts';
export { customFieldHolders } from './custom-field-filters.repository.ts';
export { findCustomFields } from './users-relations.repository.ts';
export {
  postgresTextCondition,
  sqliteMatchingUserIds,
  sqliteTextCondition,
  usesTrigramIndex,
} from './text-search.repository.ts';
export { searchIndexSet } from './search-index-set.repository.ts';
