import { type EndpointRoute, departmentManager, reviewer } from '../endpoint-kit.ts';

/**
 * The routes of the user endpoints: users, their bulk action, their assignments, the caller's preferences.
 * No zod and no schema here (decision 023): the console's first chunk loads them.
 */
export const usersEndpointRoutes = {
  listUsers: {
    method: 'GET',
    path: '/users',
    access: reviewer,
  },
  exportUsers: {
    method: 'GET',
    path: '/users/export',
    access: reviewer,
  },
  searchUsers: {
    method: 'GET',
    path: '/users/all',
    access: reviewer,
  },
  getUser: {
    method: 'GET',
    path: '/users/{id}',
    access: reviewer,
  },
  createUser: {
    method: 'POST',
    path: '/users',
    access: departmentManager,
    status: 201,
  },
  checkNewUser: {
    method: 'POST',
    path: '/users/check',
    access: departmentManager,
    status: 204,
  },
  updateUser: {
    method: 'PUT',
    path: '/users/{id}',
    access: departmentManager,
  },
  bulkUpdateUsers: {
    method: 'PUT',
    path: '/users',
    access: departmentManager,
  },
  listUserAssignments: {
    method: 'GET',
    path: '/users/{id}/assignments',
    access: reviewer,
  },
  savePreference: {
    method: 'POST',
    path: '/users/preferences',
    access: reviewer,
  },
  getPreference: {
    method: 'GET',
    path: '/users/preferences',
    access: reviewer,
  },
  deletePreference: {
    method: 'DELETE',
    path: '/users/preferences',
    access: reviewer,
    status: 204,
  },
} as const satisfies Record<string, EndpointRoute>;
