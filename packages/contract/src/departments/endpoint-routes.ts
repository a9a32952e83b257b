import { type EndpointRoute, companyManager, reviewer } from '../endpoint-kit.ts';

/** The routes of the department endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const departmentsEndpointRoutes = {
  listDepartments: {
    method: 'GET',
    path: '/departments',
    access: reviewer,
  },
  createDepartment: {
    method: 'POST',
    path: '/departments',
    access: companyManager,
    status: 201,
  },
  updateDepartment: {
    method: 'PUT',
    path: '/departments/{id}',
    access: companyManager,
  },
  deleteDepartment: {
    method: 'DELETE',
    path: '/departments/{id}',
    access: companyManager,
  },
} as const satisfies Record<string, EndpointRoute>;
