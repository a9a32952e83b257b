import type { User, UserSearchHit } from '@heed/contract';
import type { UserRelations } from './users-relations.repository.ts';
import type { UserListRow } from './users.repository.ts';

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`;

/** The contract's User: flags as booleans, department and manager as {id, name}, custom fields by key. */
export function toUser(row: UserListRow, relations: UserRelations): User {
  const departmentName = row.department_id === null ? undefined : relations.departments.get(row.department_id);
  const managerName = row.manager_id === null ? undefined : relations.managers.get(row.manager_id);
  return {
    id: row.id,
    company_id: row.company_id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    name: fullName(row),
    role: row.role,
    site_admin: row.site_admin === 1,
    suspended: row.suspended === 1,
    department:
      row.department_id !== null && departmentName !== undefined
        ? { id: row.department_id, name: departmentName }
        : null,
    manager: row.manager_id !== null && managerName !== undefined ? { id: row.manager_id, name: managerName } : null,
    phone: row.phone,
    hired_at: row.hired_at,
    custom_fields: relations.customFields.get(row.id) ?? {},
    last_login_at: row.last_login_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A hit of the header's global user search, with the company it belongs to. */
export function toSearchHit(row: UserListRow, companies: Map<number, string>): UserSearchHit {
  return {
    id: row.id,
    username: row.username,
    name: fullName(row),
    email: row.email,
    role: row.role,
    suspended: row.suspended === 1,
    company: { id: row.company_id, name: companies.get(row.company_id) ?? '' },
  };
}
