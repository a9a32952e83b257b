import { ROLE, type RoleId } from './roles.ts';

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

/** Where an endpoint is and who may call it: all a client needs to make the call. */
export interface EndpointRoute {
  method: HttpMethod;
  /** Path below /api/v3 (or /api when `unversioned`), with `{param}` placeholders. */
  path: string;
  unversioned?: boolean;
  access: Access;
  /** Multipart bodies are parsed by the handler, not by a schema. */
  multipart?: boolean;
  /** Status of a successful call. */
  status?: number;
}

const reviewer = { kind: 'role', minRole: ROLE.Reviewer } as const;
const departmentManager = { kind: 'role', minRole: ROLE.DepartmentManager } as const;
const companyManager = { kind: 'role', minRole: ROLE.CompanyManager } as const;
const siteAdmin = { kind: 'siteAdmin' } as const;

/**
 * The route of every API endpoint, once (decision 023). This module imports no zod, so the console's
 * first chunk can call any endpoint without the schemas; `endpoints` (endpoints.ts) adds each one's
 * summary and request/response schemas under the same name.
 */
export const endpointRoutes = {
  csrfCookie: {
    method: 'GET',
    path: '/csrf-cookie',
    unversioned: true,
    access: { kind: 'public' },
    status: 204,
  },
  login: {
    method: 'POST',
    path: '/login',
    access: { kind: 'public' },
  },
  logout: {
    method: 'POST',
    path: '/logout',
    access: { kind: 'session' },
    status: 204,
  },
  getMe: {
    method: 'GET',
    path: '/me',
    access: { kind: 'session' },
  },
  loginAs: {
    method: 'POST',
    path: '/login/as',
    access: { kind: 'session' },
  },
  forgotPassword: {
    method: 'POST',
    path: '/password/forgot',
    access: { kind: 'public' },
    status: 202,
  },
  resetPassword: {
    method: 'POST',
    path: '/password/reset',
    access: { kind: 'public' },
  },
  listCompanies: {
    method: 'GET',
    path: '/companies',
    access: siteAdmin,
  },
  getCompany: {
    method: 'GET',
    path: '/companies/{id}',
    access: reviewer,
  },
  createCompany: {
    method: 'POST',
    path: '/companies',
    access: siteAdmin,
    status: 201,
  },
  updateCompany: {
    method: 'PUT',
    path: '/companies/{id}',
    access: siteAdmin,
  },
  uploadAsset: {
    method: 'POST',
    path: '/companies/assets',
    access: companyManager,
    multipart: true,
    status: 201,
  },
  listAssets: {
    method: 'GET',
    path: '/companies/assets/files',
    access: companyManager,
  },
  deleteAsset: {
    method: 'DELETE',
    path: '/companies/assets',
    access: companyManager,
    status: 204,
  },
  getAssetFile: {
    method: 'GET',
    path: '/companies/assets/file',
    access: { kind: 'session' },
  },
  sendTestNotification: {
    method: 'POST',
    path: '/companies/notifications',
    access: siteAdmin,
    status: 202,
  },
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
  getJob: {
    method: 'GET',
    path: '/jobs/{id}',
    access: reviewer,
  },
  cancelJob: {
    method: 'POST',
    path: '/jobs/{id}/cancel',
    access: reviewer,
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
  listCustomFields: {
    method: 'GET',
    path: '/custom-fields',
    access: reviewer,
  },
  createCustomField: {
    method: 'POST',
    path: '/custom-fields',
    access: siteAdmin,
    status: 201,
  },
  orderCustomFields: {
    method: 'PUT',
    path: '/custom-fields/order',
    access: siteAdmin,
  },
  previewCustomFieldChange: {
    method: 'GET',
    path: '/custom-fields/{id}/conversion',
    access: siteAdmin,
  },
  updateCustomField: {
    method: 'PUT',
    path: '/custom-fields/{id}',
    access: siteAdmin,
  },
  deleteCustomField: {
    method: 'DELETE',
    path: '/custom-fields/{id}',
    access: siteAdmin,
  },
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

export type EndpointName = keyof typeof endpointRoutes;

/** `/users/{id}` → `/api/v3/users/7` */
export function endpointUrl(endpoint: EndpointRoute, params: Record<string, string | number> = {}): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key])));
  return `/api${endpoint.unversioned ? '' : '/v3'}${path}`;
}
