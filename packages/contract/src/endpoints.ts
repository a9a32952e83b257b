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
import { ROLE, type RoleId } from './roles.ts';
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

/**
 * Who may call an endpoint. The server enforces it before the handler runs; the console reads it
 * for convenience only.
 * - public: no session needed
 * - session: any signed-in user, learners included
 * - role: a console role at or above `minRole` (spec §5 ranks)
 * - siteAdmin: the site_admin flag
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'role'; minRole: RoleId }
  | { kind: 'siteAdmin' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Path below /api/v3 (or /api when `unversioned`), with `{param}` placeholders. */
  path: string;
  summary: string;
  access: Access;
  unversioned?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart bodies are parsed by the handler, not by a schema. */
  multipart?: boolean;
  response?: z.ZodType;
  /** Status of a successful call. */
  status?: number;
}

const define = <E extends Endpoint>(endpoint: E) => endpoint;

const reviewer = { kind: 'role', minRole: ROLE.Reviewer } as const;
const departmentManager = { kind: 'role', minRole: ROLE.DepartmentManager } as const;
const companyManager = { kind: 'role', minRole: ROLE.CompanyManager } as const;
const siteAdmin = { kind: 'siteAdmin' } as const;
const ok = z.object({ message: z.string() });

/** Every API endpoint, once. Server routes and console fetchers are built from this table. */
export const endpoints = {
  csrfCookie: define({
    method: 'GET',
    path: '/csrf-cookie',
    unversioned: true,
    summary: 'Sets the readable XSRF-TOKEN cookie for the current session',
    access: { kind: 'public' },
    status: 204,
  }),
  login: define({
    method: 'POST',
    path: '/login',
    summary: 'Signs in with username or e-mail and password; rotates the session',
    access: { kind: 'public' },
    body: loginBody,
    response: loginResponse,
  }),
  logout: define({
    method: 'POST',
    path: '/logout',
    summary: 'Ends the session',
    access: { kind: 'session' },
    status: 204,
  }),
  getMe: define({
    method: 'GET',
    path: '/me',
    summary: 'The signed-in user',
    access: { kind: 'session' },
    response: meResponse,
  }),
  loginAs: define({
    method: 'POST',
    path: '/login/as',
    summary: 'Starts impersonating a user (user_id) or ends it (action=revert)',
    access: { kind: 'session' },
    body: loginAsBody,
    response: meResponse,
  }),
  forgotPassword: define({
    method: 'POST',
    path: '/password/forgot',
    summary: 'E-mails a password reset link to the account (same answer whether or not it exists; throttled)',
    access: { kind: 'public' },
    body: forgotPasswordBody,
    response: forgotPasswordResponse,
    status: 202,
  }),
  resetPassword: define({
    method: 'POST',
    path: '/password/reset',
    summary: "Sets a new password with a reset link's token (single use), ends the user's sessions and signs in afresh",
    access: { kind: 'public' },
    body: resetPasswordBody,
    response: resetPasswordResponse,
  }),
  listCompanies: define({
    method: 'GET',
    path: '/companies',
    summary: 'Companies, paged, filtered by name and suspension',
    access: siteAdmin,
    query: listCompaniesQuery,
    response: paged(company),
  }),
  getCompany: define({
    method: 'GET',
    path: '/companies/{id}',
    summary: 'One company',
    access: reviewer,
    params: idParam,
    response: single(company),
  }),
  createCompany: define({
    method: 'POST',
    path: '/companies',
    summary: 'Creates a company',
    access: siteAdmin,
    body: companyBody,
    response: single(company),
    status: 201,
  }),
  updateCompany: define({
    method: 'PUT',
    path: '/companies/{id}',
    summary: 'Updates a company',
    access: siteAdmin,
    params: idParam,
    body: companyUpdateBody,
    response: single(company),
  }),
  uploadAsset: define({
    method: 'POST',
    path: '/companies/assets',
    summary: 'Uploads a company asset (multipart: type, file)',
    access: companyManager,
    multipart: true,
    response: single(asset),
    status: 201,
  }),
  listAssets: define({
    method: 'GET',
    path: '/companies/assets/files',
    summary: "The company's assets, optionally of one type",
    access: companyManager,
    query: listAssetsQuery,
    response: z.object({ data: z.array(asset) }),
  }),
  deleteAsset: define({
    method: 'DELETE',
    path: '/companies/assets',
    summary: 'Deletes a company asset by path',
    access: companyManager,
    query: deleteAssetQuery,
    status: 204,
  }),
  getAssetFile: define({
    method: 'GET',
    path: '/companies/assets/file',
    summary: "Downloads one of the company's assets (the `url` of an asset); site admins reach any company's",
    access: { kind: 'session' },
    query: assetFileQuery,
  }),
  sendTestNotification: define({
    method: 'POST',
    path: '/companies/notifications',
    summary: "Queues a test e-mail to the caller through the company's e-mail settings",
    access: siteAdmin,
    response: z.object({ data: z.object({ job_id: z.number().int() }) }),
    status: 202,
  }),
  listUsers: define({
    method: 'GET',
    path: '/users',
    summary: 'Users of the company in scope, paged, sorted and filtered (field[name]=a,b)',
    access: reviewer,
    query: listUsersQuery,
    response: paged(user),
  }),
  exportUsers: define({
    method: 'GET',
    path: '/users/export',
    summary: 'Streams the users of the current filter as a CSV or XLSX file, in id order',
    access: reviewer,
    query: exportUsersQuery,
  }),
  searchUsers: define({
    method: 'GET',
    path: '/users/all',
    summary: 'User search across companies (site admins) or within the company',
    access: reviewer,
    query: searchUsersQuery,
    response: paged(userSearchHit),
  }),
  getUser: define({
    method: 'GET',
    path: '/users/{id}',
    summary: 'One user',
    access: reviewer,
    params: idParam,
    response: single(user),
  }),
  createUser: define({
    method: 'POST',
    path: '/users',
    summary: 'Creates a user',
    access: departmentManager,
    body: userCreateBody,
    response: single(user),
    status: 201,
  }),
  updateUser: define({
    method: 'PUT',
    path: '/users/{id}',
    summary: 'Updates a user',
    access: departmentManager,
    params: idParam,
    body: userUpdateBody,
    response: single(user),
  }),
  bulkUpdateUsers: define({
    method: 'PUT',
    path: '/users',
    summary:
      'Bulk action on the users of the filter (selected rows: field[user_id]=1,2,3; everyone in scope: all=1): 200 with the summary, or 202 with a job over 1,000 users',
    access: departmentManager,
    query: bulkUsersQuery,
    body: bulkUsersBody,
    response: bulkUsersResponse,
  }),
  getJob: define({
    method: 'GET',
    path: '/jobs/{id}',
    summary:
      "A background job's status, progress and result (its creator's, or any of the company's for Company Managers)",
    access: reviewer,
    params: idParam,
    response: single(job),
  }),
  listUserAssignments: define({
    method: 'GET',
    path: '/users/{id}/assignments',
    summary: "One user's course assignments, newest first, paged (the user drawer's read-only list)",
    access: reviewer,
    params: idParam,
    query: listUserAssignmentsQuery,
    response: paged(userAssignment),
  }),
  savePreference: define({
    method: 'POST',
    path: '/users/preferences',
    summary: "Saves one of the caller's preferences",
    access: reviewer,
    body: preferenceBody,
    response: single(preference),
  }),
  getPreference: define({
    method: 'GET',
    path: '/users/preferences',
    summary: "Reads one of the caller's preferences (data is null when unset)",
    access: reviewer,
    query: preferenceQuery,
    response: z.object({ data: preference.nullable() }),
  }),
  deletePreference: define({
    method: 'DELETE',
    path: '/users/preferences',
    summary: "Deletes one of the caller's preferences",
    access: reviewer,
    query: deletePreferenceQuery,
    status: 204,
  }),
  listCustomFields: define({
    method: 'GET',
    path: '/custom-fields',
    summary: "The company's custom user fields in position order (with_counts=1 adds how many users hold a value)",
    access: reviewer,
    query: listCustomFieldsQuery,
    response: z.object({ data: z.array(customFieldListItem) }),
  }),
  createCustomField: define({
    method: 'POST',
    path: '/custom-fields',
    summary: 'Creates a custom user field, placed last',
    access: siteAdmin,
    body: customFieldCreateBody,
    response: single(customField),
    status: 201,
  }),
  orderCustomFields: define({
    method: 'PUT',
    path: '/custom-fields/order',
    summary: "Reorders the company's custom fields (ids: all of them, in the new order)",
    access: siteAdmin,
    body: customFieldOrderBody,
    response: z.object({ data: z.array(customField) }),
  }),
  previewCustomFieldChange: define({
    method: 'GET',
    path: '/custom-fields/{id}/conversion',
    summary: "How the field's stored values fare under a new type and/or new select options, before changing them",
    access: siteAdmin,
    params: idParam,
    query: customFieldConversionQuery,
    response: single(customFieldConversion),
  }),
  updateCustomField: define({
    method: 'PUT',
    path: '/custom-fields/{id}',
    summary: 'Updates a custom field; a type or option change that affects stored values must be confirmed',
    access: siteAdmin,
    params: idParam,
    body: customFieldUpdateBody,
    response: customFieldUpdateResponse,
  }),
  deleteCustomField: define({
    method: 'DELETE',
    path: '/custom-fields/{id}',
    summary: 'Deletes a custom field and every value users hold of it',
    access: siteAdmin,
    params: idParam,
    response: customFieldDeleteResponse,
  }),
  listDepartments: define({
    method: 'GET',
    path: '/departments',
    summary: "The company's departments in path order with user counts (a Department Manager's: their subtrees)",
    access: reviewer,
    response: z.object({ data: z.array(department) }),
  }),
  createDepartment: define({
    method: 'POST',
    path: '/departments',
    summary: 'Creates a department, at the root or under parent_id',
    access: companyManager,
    body: departmentCreateBody,
    response: single(department),
    status: 201,
  }),
  updateDepartment: define({
    method: 'PUT',
    path: '/departments/{id}',
    summary: 'Renames a department and/or moves it under another parent (its subtree moves with it)',
    access: companyManager,
    params: idParam,
    body: departmentUpdateBody,
    response: single(department),
  }),
  deleteDepartment: define({
    method: 'DELETE',
    path: '/departments/{id}',
    summary: 'Deletes a department without sub-departments; its users move to reassign_to (required when it has users)',
    access: companyManager,
    params: idParam,
    query: departmentDeleteQuery,
    response: single(departmentDeleted),
  }),
  uploadUserImport: define({
    method: 'POST',
    path: '/users/imports',
    summary:
      'Uploads a CSV (any delimiter, UTF-8 or Latin-1) or XLSX file of users (multipart: file); answers its columns, a sample, the row count and an automatic mapping',
    access: departmentManager,
    multipart: true,
    response: single(userImport),
    status: 201,
  }),
  listUserImports: define({
    method: 'GET',
    path: '/users/imports',
    summary: "Imports of users, newest first (a Department Manager's own; the whole company's for Company Managers)",
    access: departmentManager,
    query: listUserImportsQuery,
    response: paged(userImportSummary),
  }),
  getUserImport: define({
    method: 'GET',
    path: '/users/imports/{id}',
    summary:
      'One import: mapping, options, status, progress (processed_rows of total_rows) and counts; poll it while it runs',
    access: departmentManager,
    params: idParam,
    response: single(userImport),
  }),
  updateUserImport: define({
    method: 'PUT',
    path: '/users/imports/{id}',
    summary: "Saves an import's column mapping and options (before it runs); a saved change discards the dry run",
    access: departmentManager,
    params: idParam,
    body: updateUserImportBody,
    response: single(userImport),
  }),
  dryRunUserImport: define({
    method: 'POST',
    path: '/users/imports/{id}/dry-run',
    summary: 'Checks every row as the import would, changing nothing, as a background job; the errors are listed after',
    access: departmentManager,
    params: idParam,
    response: single(userImport),
    status: 202,
  }),
  runUserImport: define({
    method: 'POST',
    path: '/users/imports/{id}/run',
    summary: 'Runs the import as a background job; on a failed or interrupted import it resumes, skipping applied rows',
    access: departmentManager,
    params: idParam,
    response: single(userImport),
    status: 202,
  }),
  listUserImportErrors: define({
    method: 'GET',
    path: '/users/imports/{id}/errors',
    summary: "An import's row errors (row, column, message), of the dry run or of the import, in row order, paged",
    access: departmentManager,
    params: idParam,
    query: listImportErrorsQuery,
    response: paged(importRowError),
  }),
  exportUserImportErrors: define({
    method: 'GET',
    path: '/users/imports/{id}/errors/export',
    summary: "Downloads an import's row errors as CSV (formula cells neutralised)",
    access: departmentManager,
    params: idParam,
    query: exportImportErrorsQuery,
  }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

export { ok as okResponse };

/** `/users/{id}` → `/api/v3/users/7` */
export function endpointUrl(endpoint: Endpoint, params: Record<string, string | number> = {}): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key])));
  return `/api${endpoint.unversioned ? '' : '/v3'}${path}`;
}
