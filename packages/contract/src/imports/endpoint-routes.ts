import { type EndpointRoute, departmentManager } from '../endpoint-kit.ts';

/** The routes of the user import endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const importsEndpointRoutes = {
  uploadUserImport: {
    method: 'POST',
    path: '/users/imports',
    access: departmentManager,
    multipart: true,
    status: 201,
  },
  listUserImports: {
    method: 'GET',
    path: '/users/imports',
    access: departmentManager,
  },
  getUserImport: {
    method: 'GET',
    path: '/users/imports/{id}',
    access: departmentManager,
  },
  updateUserImport: {
    method: 'PUT',
    path: '/users/imports/{id}',
    access: departmentManager,
  },
  dryRunUserImport: {
    method: 'POST',
    path: '/users/imports/{id}/dry-run',
    access: departmentManager,
    status: 202,
  },
  runUserImport: {
    method: 'POST',
    path: '/users/imports/{id}/run',
    access: departmentManager,
    status: 202,
  },
  listUserImportErrors: {
    method: 'GET',
    path: '/users/imports/{id}/errors',
    access: departmentManager,
  },
  exportUserImportErrors: {
    method: 'GET',
    path: '/users/imports/{id}/errors/export',
    access: departmentManager,
  },
} as const satisfies Record<string, EndpointRoute>;
