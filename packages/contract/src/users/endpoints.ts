import { z } from 'zod';
import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { usersEndpointRoutes } from './endpoint-routes.ts';
import { listUserAssignmentsQuery, userAssignment } from './user-assignments.ts';
import { bulkUsersBody, bulkUsersQuery, bulkUsersResponse } from './users-bulk.ts';
import {
  deletePreferenceQuery,
  exportUsersQuery,
  listUsersQuery,
  preference,
  preferenceBody,
  preferenceQuery,
  searchUsersQuery,
  user,
  userCreateBody,
  userSearchHit,
  userUpdateBody,
} from './users.ts';

/** The summary and schemas of each user endpoint, joined to its route in `endpoints`. */
export const usersEndpoints = {
  listUsers: {
    summary: 'Users of the company in scope, paged, sorted and filtered (field[name]=a,b)',
    query: listUsersQuery,
    response: paged(user),
  },
  exportUsers: {
    summary: 'Streams the users of the current filter as a CSV or XLSX file, in id order',
    query: exportUsersQuery,
  },
  searchUsers: {
    summary: 'User search across companies (site admins) or within the company',
    query: searchUsersQuery,
    response: paged(userSearchHit),
  },
  getUser: {
    summary: 'One user',
    params: idParam,
    response: single(user),
  },
  createUser: {
    summary: 'Creates a user',
    body: userCreateBody,
    response: single(user),
  },
  checkNewUser: {
    summary:
      "Checks the fields of a user about to be created, as POST /users would, and creates nothing: 204, or 422 with every problem the database finds (a username or e-mail that cannot be used, the department, the manager, custom fields). Fields left out are not checked, so a form can ask about the ones it has no complaint of its own about; 'cannot be used' answers count as POST /users' do",
    body: userUpdateBody,
  },
  updateUser: {
    summary: 'Updates a user',
    params: idParam,
    body: userUpdateBody,
    response: single(user),
  },
  bulkUpdateUsers: {
    summary:
      'Bulk action on the users of the filter (selected rows: field[user_id]=1,2,3; everyone in scope: all=1): 200 with the summary, or 202 with a job over 1,000 users',
    query: bulkUsersQuery,
    body: bulkUsersBody,
    response: bulkUsersResponse,
  },
  listUserAssignments: {
    summary: "One user's course assignments, newest first, paged (the user drawer's read-only list)",
    params: idParam,
    query: listUserAssignmentsQuery,
    response: paged(userAssignment),
  },
  savePreference: {
    summary: "Saves one of the caller's preferences",
    body: preferenceBody,
    response: single(preference),
  },
  getPreference: {
    summary: "Reads one of the caller's preferences (data is null when unset)",
    query: preferenceQuery,
    response: z.object({ data: preference.nullable() }),
  },
  deletePreference: {
    summary: "Deletes one of the caller's preferences",
    query: deletePreferenceQuery,
  },
} satisfies { [N in keyof typeof usersEndpointRoutes]: EndpointSchemas };
