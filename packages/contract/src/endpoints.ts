import { z } from 'zod';
import { loginAsBody, loginBody, loginResponse, meResponse } from './auth.ts';
import { idParam, paged, single } from './common.ts';
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
import { ROLE, type RoleId } from './roles.ts';
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
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

export { ok as okResponse };

/** `/users/{id}` → `/api/v3/users/7` */
export function endpointUrl(endpoint: Endpoint, params: Record<string, string | number> = {}): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key])));
  return `/api${endpoint.unversioned ? '' : '/v3'}${path}`;
}
