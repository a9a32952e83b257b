import { ROLE, hasRoleAccess } from '@heed/contract';

/** Department Managers and up assign courses (the API's rule; the console only hides what would be refused). */
export const canAssign = (user: { role: number; site_admin: boolean }) =>
  user.site_admin || hasRoleAccess(user.role, ROLE.DepartmentManager);
