import type { EndpointName } from '@heed/contract';
import { type Actor, type World, pngUpload } from './support/world.ts';

export type Target = 'own' | 'other';

export interface MatrixRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sign in anew for this call (it ends or replaces the session). */
  fresh?: boolean;
}

/** Expected status per caller, in the order anonymous, Student, Reviewer, DM, CM, site admin. */
type Row6 = [number, number, number, number, number, number];

export interface MatrixRow {
  request(w: World, actor: Actor, target: Target, n: number): MatrixRequest;
  own: Row6;
  other: Row6;
}

const B = (w: World) => ({ 'x-company-id': String(w.companyB) });
/**
 * The company a caller acts on: a site admin picks it with X-Company-ID (A for "own", B for "other");
 * anyone else acts on their own company and reaches for B's records by id, or by naming B in the header.
 */
const scope = (w: World, actor: Actor, target: Target): Record<string, string> => {
  if (actor === 'siteAdmin') return { 'x-company-id': String(target === 'own' ? w.companyA : w.companyB) };
  return target === 'other' ? B(w) : {};
};
const userId = (w: World, target: Target) => w.users[target === 'own' ? 'a.student' : 'b.student']!;
const newUser = (w: World, actor: Actor, target: Target, n: number) => ({
  username: `matrix.${actor}.${target}.${n}`,
  first_name: 'Matrix',
  last_name: 'Test',
  role: 0,
  department_id: actor === 'siteAdmin' && target === 'other' ? w.departmentB : w.departmentA1,
});

const same = (row: Row6) => ({ own: row, other: row });

/** Every endpoint of the contract × every caller × own/other company → the status the API must answer. */
export const ACCESS_MATRIX: Record<EndpointName, MatrixRow> = {
  csrfCookie: { request: () => ({ url: '/api/csrf-cookie' }), ...same([204, 204, 204, 204, 204, 204]) },
  login: {
    request: (_w, _a, target) => ({
      url: '/api/v3/login',
      body: { login: target === 'own' ? 'a.student' : 'b.student', password: 'not-the-password' },
    }),
    ...same([422, 422, 422, 422, 422, 422]),
  },
  logout: {
    request: (w, a, t) => ({ url: '/api/v3/logout', headers: scope(w, a, t), fresh: true }),
    ...same([403, 204, 204, 204, 204, 204]),
  },
  getMe: {
    request: (w, a, t) => ({ url: '/api/v3/me', headers: scope(w, a, t) }),
    ...same([403, 200, 200, 200, 200, 200]),
  },
  loginAs: {
    request: (w, _a, t) => ({ url: '/api/v3/login/as', body: { user_id: userId(w, t) }, fresh: true }),
    own: [403, 403, 403, 403, 200, 200],
    other: [403, 403, 403, 403, 404, 200],
  },
  listCompanies: {
    request: (w, a, t) => ({ url: '/api/v3/companies', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  getCompany: {
    request: (w, _a, t) => ({ url: `/api/v3/companies/${t === 'own' ? w.companyA : w.companyB}` }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 404, 404, 404, 200],
  },
  createCompany: {
    request: (w, a, t, n) => ({
      url: '/api/v3/companies',
      body: { name: `Matrix ${a} ${t} ${n}` },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 201]),
  },
  updateCompany: {
    request: (w, _a, t) => ({
      url: `/api/v3/companies/${t === 'own' ? w.companyA : w.companyB}`,
      body: { department_label: 'Team' },
    }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  uploadAsset: {
    request: (w, a, t) => {
      const upload = pngUpload();
      return { url: '/api/v3/companies/assets', body: upload.body, headers: { ...upload.headers, ...scope(w, a, t) } };
    },
    own: [403, 403, 403, 403, 201, 201],
    other: [403, 403, 403, 403, 403, 201],
  },
  listAssets: {
    request: (w, a, t) => ({ url: '/api/v3/companies/assets/files', headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  deleteAsset: {
    request: (w, a, t) => ({
      url: `/api/v3/companies/assets?path=${encodeURIComponent(t === 'own' ? `${w.companyA}/logo/missing.png` : w.disposableAssetPathB)}`,
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 404, 204],
  },
  getAssetFile: {
    request: (w, a, t) => ({
      url: `/api/v3/companies/assets/file?path=${encodeURIComponent(t === 'own' ? w.assetPathA : w.assetPathB)}`,
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    own: [403, 200, 200, 200, 200, 200],
    other: [403, 404, 404, 404, 404, 200],
  },
  sendTestNotification: {
    request: (w, a, t) => ({ url: '/api/v3/companies/notifications', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 202]),
  },
  listUsers: {
    request: (w, a, t) => ({ url: '/api/v3/users', headers: scope(w, a, t) }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  exportUsers: {
    request: (w, a, t) => ({ url: '/api/v3/users/export', headers: scope(w, a, t) }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  searchUsers: {
    request: (w, a, t) => ({ url: '/api/v3/users/all?text=learner', headers: scope(w, a, t) }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  getUser: {
    request: (w, a, t) => ({ url: `/api/v3/users/${userId(w, t)}`, headers: a === 'siteAdmin' ? scope(w, a, t) : {} }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 404, 404, 404, 200],
  },
  createUser: {
    request: (w, a, t, n) => ({ url: '/api/v3/users', body: newUser(w, a, t, n), headers: scope(w, a, t) }),
    own: [403, 403, 403, 201, 201, 201],
    other: [403, 403, 403, 403, 403, 201],
  },
  updateUser: {
    request: (w, a, t) => ({
      url: `/api/v3/users/${userId(w, t)}`,
      body: { phone: '+1 555 0100' },
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 404, 404, 200],
  },
  savePreference: {
    request: (w, a, t) => ({
      url: '/api/v3/users/preferences',
      body: { name: 'matrix', data_type: 'json', value: { a: 1 } },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  getPreference: {
    request: (w, a, t) => ({
      url: '/api/v3/users/preferences?name=users-list&data_type=json',
      headers: scope(w, a, t),
    }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  deletePreference: {
    request: (w, a, t) => ({ url: '/api/v3/users/preferences?name=matrix', headers: scope(w, a, t) }),
    own: [403, 403, 204, 204, 204, 204],
    other: [403, 403, 403, 403, 403, 204],
  },
};
