import { z } from 'zod';
import { loginAsBody, loginBody, loginResponse, meResponse } from './auth.ts';
import { idParam, paged, single } from './common.ts';
import { job } from './jobs.ts';
import {
  forgotPasswordBody,
  forgotPasswordResponse,
  resetPasswordBody,
  resetPasswordResponse,
} from './password-reset.ts';
import {
  asset,
  assetFileQuery,
  company,
  companyBody,
  companyUpdateBody,
  deleteAssetQuery,
  listAssetsQuery,
  listCompaniesQuery,
} from './companies.ts';
import {
  customField,
  customFieldConversion,
  customFieldConversionQuery,
  customFieldCreateBody,
  customFieldDeleteResponse,
  customFieldListItem,
  customFieldOrderBody,
  customFieldUpdateBody,
  customFieldUpdateResponse,
  listCustomFieldsQuery,
} from './custom-fields.ts';
import {
  department,
  departmentCreateBody,
  departmentDeleteQuery,
  departmentDeleted,
  departmentUpdateBody,
} from './departments.ts';
import {
  exportImportErrorsQuery,
  importRowError,
  listImportErrorsQuery,
  listUserImportsQuery,
  updateUserImportBody,
  userImport,
  userImportSummary,
} from './imports.ts';
import { type EndpointName, type EndpointRoute, endpointRoutes } from './endpoint-routes.ts';
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

/** What the server needs beyond an endpoint's route: its documentation and its request/response schemas. */
export interface EndpointSchemas {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

export type Endpoint = EndpointRoute & EndpointSchemas;

type SchemaTable = { [N in EndpointName]: EndpointSchemas };

/** Joins each route of `endpointRoutes` with its schemas; every route must have them, and nothing else may. */
function withSchemas<S extends SchemaTable>(
  schemas: S & Record<Exclude<keyof S, EndpointName>, never>,
): { [N in EndpointName]: (typeof endpointRoutes)[N] & S[N] } {
  const joined: Record<string, Endpoint> = {};
  for (const [name, route] of Object.entries(endpointRoutes))
    joined[name] = { ...route, ...schemas[name as EndpointName] };
  return joined as { [N in EndpointName]: (typeof endpointRoutes)[N] & S[N] };
}

const ok = z.object({ message: z.string() });

/**
 * Every API endpoint, once: its route from `endpointRoutes` (method, path, access) joined with its
 * summary and schemas. Server routes are built from this table; the console calls endpoints by name
 * with `endpointRoutes` and takes only the types from here (decision 023).
 */
export const endpoints = withSchemas({
  csrfCookie: {
    summary: 'Sets the readable XSRF-TOKEN cookie for the current session',
  },
  login: {
    summary: 'Signs in with username or e-mail and password; rotates the session',
    body: loginBody,
    response: loginResponse,
  },
  logout: {
    summary: 'Ends the session',
  },
  getMe: {
    summary: 'The signed-in user',
    response: meResponse,
  },
  loginAs: {
    summary: 'Starts impersonating a user (user_id) or ends it (action=revert)',
    body: loginAsBody,
    response: meResponse,
  },
  forgotPassword: {
    summary: 'E-mails a password reset link to the account (same answer whether or not it exists; throttled)',
    body: forgotPasswordBody,
    response: forgotPasswordResponse,
  },
  resetPassword: {
    summary: "Sets a new password with a reset link's token (single use), ends the user's sessions and signs in afresh",
    body: resetPasswordBody,
    response: resetPasswordResponse,
  },
  listCompanies: {
    summary: 'Companies, paged, filtered by name and suspension',
    query: listCompaniesQuery,
    response: paged(company),
  },
  getCompany: {
    summary: 'One company',
    params: idParam,
    response: single(company),
  },
  createCompany: {
    summary: 'Creates a company',
    body: companyBody,
    response: single(company),
  },
  updateCompany: {
    summary: 'Updates a company',
    params: idParam,
    body: companyUpdateBody,
    response: single(company),
  },
  uploadAsset: {
    summary: 'Uploads a company asset (multipart: type, file)',
    response: single(asset),
  },
  listAssets: {
    summary: "The company's assets, optionally of one type",
    query: listAssetsQuery,
    response: z.object({ data: z.array(asset) }),
  },
  deleteAsset: {
    summary: 'Deletes a company asset by path',
    query: deleteAssetQuery,
  },
  getAssetFile: {
    summary: "Downloads one of the company's assets (the `url` of an asset); site admins reach any company's",
    query: assetFileQuery,
  },
  sendTestNotification: {
    summary: "Queues a test e-mail to the caller through the company's e-mail settings",
    response: z.object({ data: z.object({ job_id: z.number().int() }) }),
  },
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
  getJob: {
    summary:
      "A background job's status, progress and result (its creator's, or any of the company's for Company Managers)",
    params: idParam,
    response: single(job),
  },
  cancelJob: {
    summary:
      'Stops a background job (its creator, or a Company Manager): a queued one at once, a running one within a second or two; 409 once it has finished',
    params: idParam,
    response: single(job),
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
  listCustomFields: {
    summary: "The company's custom user fields in position order (with_counts=1 adds how many users hold a value)",
    query: listCustomFieldsQuery,
    response: z.object({ data: z.array(customFieldListItem) }),
  },
  createCustomField: {
    summary: 'Creates a custom user field, placed last',
    body: customFieldCreateBody,
    response: single(customField),
  },
  orderCustomFields: {
    summary: "Reorders the company's custom fields (ids: all of them, in the new order)",
    body: customFieldOrderBody,
    response: z.object({ data: z.array(customField) }),
  },
  previewCustomFieldChange: {
    summary: "How the field's stored values fare under a new type and/or new select options, before changing them",
    params: idParam,
    query: customFieldConversionQuery,
    response: single(customFieldConversion),
  },
  updateCustomField: {
    summary: 'Updates a custom field; a type or option change that affects stored values must be confirmed',
    params: idParam,
    body: customFieldUpdateBody,
    response: customFieldUpdateResponse,
  },
  deleteCustomField: {
    summary: 'Deletes a custom field and every value users hold of it',
    params: idParam,
    response: customFieldDeleteResponse,
  },
  listDepartments: {
    summary: "The company's departments in path order with user counts (a Department Manager's: their subtrees)",
    response: z.object({ data: z.array(department) }),
  },
  createDepartment: {
    summary: 'Creates a department, at the root or under parent_id',
    body: departmentCreateBody,
    response: single(department),
  },
  updateDepartment: {
    summary: 'Renames a department and/or moves it under another parent (its subtree moves with it)',
    params: idParam,
    body: departmentUpdateBody,
    response: single(department),
  },
  deleteDepartment: {
    summary: 'Deletes a department without sub-departments; its users move to reassign_to (required when it has users)',
    params: idParam,
    query: departmentDeleteQuery,
    response: single(departmentDeleted),
  },
  uploadUserImport: {
    summary:
      'Uploads a CSV (any delimiter, UTF-8 or Latin-1) or XLSX file of users (multipart: file); answers its columns, a sample, the row count and an automatic mapping',
    response: single(userImport),
  },
  listUserImports: {
    summary: "Imports of users, newest first (a Department Manager's own; the whole company's for Company Managers)",
    query: listUserImportsQuery,
    response: paged(userImportSummary),
  },
  getUserImport: {
    summary:
      'One import: mapping, options, status, progress (processed_rows of total_rows) and counts; poll it while it runs',
    params: idParam,
    response: single(userImport),
  },
  updateUserImport: {
    summary: "Saves an import's column mapping and options (before it runs); a saved change discards the dry run",
    params: idParam,
    body: updateUserImportBody,
    response: single(userImport),
  },
  dryRunUserImport: {
    summary: 'Checks every row as the import would, changing nothing, as a background job; the errors are listed after',
    params: idParam,
    response: single(userImport),
  },
  runUserImport: {
    summary: 'Runs the import as a background job; on a failed or interrupted import it resumes, skipping applied rows',
    params: idParam,
    response: single(userImport),
  },
  listUserImportErrors: {
    summary: "An import's row errors (row, column, message), of the dry run or of the import, in row order, paged",
    params: idParam,
    query: listImportErrorsQuery,
    response: paged(importRowError),
  },
  exportUserImportErrors: {
    summary: "Downloads an import's row errors as CSV (formula cells neutralised)",
    params: idParam,
    query: exportImportErrorsQuery,
  },
}) satisfies Record<EndpointName, Endpoint>;

export { ok as okResponse };
