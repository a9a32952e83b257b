import type { EndpointName } from '@heed/contract';
import { oneUserCsv } from './fixtures/import-upload.ts';
import { type Actor, CANARY, type World, pngUpload } from './support/world.ts';

const MISSING_IMPORT = 2_147_483_000;

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

/** The assignment reports (issue 18): Reviewers and up read their own company's; a missing custom field is a 422. */
function reportRows<N extends EndpointName>(paths: Record<N, string>): Record<N, MatrixRow> {
  const rows = {} as Record<N, MatrixRow>;
  for (const [name, path] of Object.entries(paths) as [N, string][]) {
    const status = path.includes('attribute=missing') ? 422 : 200;
    rows[name] = {
      request: (w, a, t) => ({ url: `/api/v3/reports/assignments/${path}`, headers: scope(w, a, t) }),
      own: [403, 403, status, status, status, status],
      other: [403, 403, 403, 403, 403, status],
    };
  }
  return rows;
}

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
  // The caller's own learning: any session, whatever company a header names (it is never read).
  listMyAssignments: {
    request: (w, a, t) => ({ url: '/api/v3/my/assignments', headers: scope(w, a, t) }),
    ...same([403, 200, 200, 200, 200, 200]),
  },
  listMyHistory: {
    request: (w, a, t) => ({ url: '/api/v3/my/history?per_page=5', headers: scope(w, a, t) }),
    ...same([403, 200, 200, 200, 200, 200]),
  },
  getMyCompany: {
    request: (w, a, t) => ({ url: '/api/v3/my/company', headers: scope(w, a, t) }),
    ...same([403, 200, 200, 200, 200, 200]),
  },
  // The player: only the session user's own assignments and attempts (player*.test.ts: another
  // learner's are not found); an id that is not the caller's is not found for everyone.
  getMyPlayer: {
    request: (w, a, t) => ({ url: `/api/v3/my/assignments/${MISSING_IMPORT}/player`, headers: scope(w, a, t) }),
    ...same([403, 404, 404, 404, 404, 404]),
  },
  startMyAttempt: {
    request: (w, a, t) => ({ url: `/api/v3/my/assignments/${MISSING_IMPORT}/attempts`, headers: scope(w, a, t) }),
    ...same([403, 404, 404, 404, 404, 404]),
  },
  completeMyTopic: {
    request: (w, a, t) => ({
      url: `/api/v3/my/attempts/${MISSING_IMPORT}/topics/${MISSING_IMPORT}/complete`,
      body: {},
      headers: scope(w, a, t),
    }),
    ...same([403, 404, 404, 404, 404, 404]),
  },
  answerMyQuestion: {
    request: (w, a, t) => ({
      url: `/api/v3/my/attempts/${MISSING_IMPORT}/questions/${MISSING_IMPORT}/answer`,
      body: { choices: [0] },
      headers: scope(w, a, t),
    }),
    ...same([403, 404, 404, 404, 404, 404]),
  },
  commitMyScorm: {
    request: (w, a, t) => ({
      url: `/api/v3/my/attempts/${MISSING_IMPORT}/topics/${MISSING_IMPORT}/scorm`,
      body: { cmi: {}, sequence: 1 },
      headers: scope(w, a, t),
    }),
    ...same([403, 404, 404, 404, 404, 404]),
  },
  forgotPassword: {
    // The same answer for every caller and account (a fresh login each call stays under the throttle).
    request: (_w, a, t, n) => ({
      url: '/api/v3/password/forgot',
      body: { login: `matrix.${a}.${t}.${n}@nowhere.test` },
    }),
    ...same([202, 202, 202, 202, 202, 202]),
  },
  resetPassword: {
    request: () => ({
      url: '/api/v3/password/reset',
      body: { token: 'not-a-reset-token', password: 'matrix-password-1', password_confirmation: 'matrix-password-1' },
    }),
    ...same([422, 422, 422, 422, 422, 422]),
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
    own: [403, 403, 403, 403, 200, 200],
    other: [403, 403, 403, 403, 404, 200],
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
  // The public logo address: a token that is not signed for a logo is a 404 to everyone (decision 077).
  getCompanyLogo: {
    request: () => ({ url: '/api/v3/public/logos/1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    ...same([404, 404, 404, 404, 404, 404]),
  },
  sendTestNotification: {
    request: (w, a, t) => ({ url: '/api/v3/companies/notifications', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 202]),
  },
  // Notifications (issue 17): the schedule and the log for Department Managers and up; ids nobody has answer 404.
  listNotifications: {
    request: (w, a, t) => ({ url: '/api/v3/notifications', headers: scope(w, a, t) }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  getNotification: {
    request: (w, a, t) => ({ url: `/api/v3/notifications/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  createNotification: {
    request: (w, a, t) => ({
      url: '/api/v3/notifications',
      headers: scope(w, a, t),
      body: { type: 'course_assignment', method: 'email', trigger: 'event' },
    }),
    own: [403, 403, 403, 201, 201, 201],
    other: [403, 403, 403, 403, 403, 201],
  },
  updateNotification: {
    request: (w, a, t) => ({
      url: `/api/v3/notifications/${MISSING_IMPORT}`,
      headers: scope(w, a, t),
      body: { type: 'course_assignment', method: 'email', trigger: 'event' },
    }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  deleteNotification: {
    request: (w, a, t) => ({ url: `/api/v3/notifications/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  listDeliveries: {
    request: (w, a, t) => ({ url: '/api/v3/notifications/deliveries', headers: scope(w, a, t) }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  exportDeliveries: {
    request: (w, a, t) => ({ url: '/api/v3/notifications/deliveries/export', headers: scope(w, a, t) }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  resendDelivery: {
    request: (w, a, t) => ({
      url: `/api/v3/notifications/deliveries/${MISSING_IMPORT}/resend`,
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  getEmailSettings: {
    request: (w, a, t) => ({ url: '/api/v3/email-settings', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  updateEmailSettings: {
    request: (w, a, t) => ({ url: '/api/v3/email-settings', headers: scope(w, a, t), body: { sender_name: 'Matrix' } }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  testEmailSettings: {
    request: (w, a, t) => ({
      url: '/api/v3/email-settings/test',
      headers: scope(w, a, t),
      body: { to: 'matrix@example.test' },
    }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  checkEmailDns: {
    request: (w, a, t) => ({ url: '/api/v3/email-settings/dns', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
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
  listUserAssignments: {
    request: (w, a, t) => ({
      url: `/api/v3/users/${userId(w, t)}/assignments`,
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 404, 404, 404, 200],
  },
  // A user's completion history (recertification.test.ts covers its contents): the user drawer's reach.
  listUserCompletions: {
    request: (w, a, t) => ({
      url: `/api/v3/users/${userId(w, t)}/completions`,
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 404, 404, 404, 200],
  },
  // Certificates (certificates*.test.ts covers completed assignments, scope and the PDF itself): an
  // assignment that is not the caller's, or not the user's, is not found; verification is public.
  getMyCertificate: {
    request: (w, a, t) => ({ url: `/api/v3/my/assignments/${MISSING_IMPORT}/certificate`, headers: scope(w, a, t) }),
    ...same([403, 404, 404, 404, 404, 404]),
  },
  getUserCertificate: {
    request: (w, a, t) => ({
      url: `/api/v3/users/${userId(w, t)}/assignments/${MISSING_IMPORT}/certificate`,
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    ...same([403, 403, 404, 404, 404, 404]),
  },
  verifyCertificate: {
    request: () => ({ url: '/api/v3/public/certificates/HEED-AAAA-AAAA-AAAA' }),
    ...same([404, 404, 404, 404, 404, 404]),
  },
  createUser: {
    request: (w, a, t, n) => ({ url: '/api/v3/users', body: newUser(w, a, t, n), headers: scope(w, a, t) }),
    own: [403, 403, 403, 201, 201, 201],
    other: [403, 403, 403, 403, 403, 201],
  },
  checkNewUser: {
    request: (w, a, t) => ({ url: '/api/v3/users/check', body: { phone: '+1 555 0100' }, headers: scope(w, a, t) }),
    own: [403, 403, 403, 204, 204, 204],
    other: [403, 403, 403, 403, 403, 204],
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
  bulkUpdateUsers: {
    // Reactivating an active user changes nothing: the call is safe to repeat for every caller.
    request: (w, a, t) => ({
      url: `/api/v3/users?field[user_id]=${userId(w, t)}`,
      body: { action: 'reactivate' },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  getJob: {
    // A job id nobody has: staff of the company get 404 (jobs-api.test.ts covers real jobs).
    request: (w, a, t) => ({ url: '/api/v3/jobs/987654', headers: scope(w, a, t) }),
    own: [403, 403, 404, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  cancelJob: {
    // As getJob: a job id nobody has (job-lanes.test.ts covers real jobs).
    request: (w, a, t) => ({ url: '/api/v3/jobs/987654/cancel', headers: scope(w, a, t) }),
    own: [403, 403, 404, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
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
  listCustomFields: {
    request: (w, a, t) => ({ url: '/api/v3/custom-fields?with_counts=1', headers: scope(w, a, t) }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  createCustomField: {
    request: (w, a, t, n) => ({
      url: '/api/v3/custom-fields',
      body: { key: `matrix_${a.toLowerCase()}_${t}_${n}`, label: `Matrix ${a} ${t} ${n}`, type: 'text' },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 201]),
  },
  // An id of no field: the call passes the access check and then fails validation.
  orderCustomFields: {
    request: (w, a, t) => ({
      url: '/api/v3/custom-fields/order',
      body: { ids: [2_147_483_647] },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 422]),
  },
  // B's canary field (the only field createWorld makes: id 1); acting on company A it is not found.
  previewCustomFieldChange: {
    request: (w, a, t) => ({ url: '/api/v3/custom-fields/1/conversion?type=number', headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 403, 404],
    other: [403, 403, 403, 403, 403, 200],
  },
  updateCustomField: {
    request: (w, a, t) => ({ url: '/api/v3/custom-fields/1', body: { show_in_table: false }, headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 403, 404],
    other: [403, 403, 403, 403, 403, 200],
  },
  // Keeps the canary field: A's side names B's field, B's side an id of no field.
  deleteCustomField: {
    request: (w, a, t) => ({
      url: `/api/v3/custom-fields/${t === 'own' ? 1 : 2_147_483_647}`,
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  listDepartments: {
    request: (w, a, t) => ({ url: '/api/v3/departments', headers: scope(w, a, t) }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  createDepartment: {
    request: (w, a, t, n) => ({
      url: '/api/v3/departments',
      body: { name: `Matrix ${a} ${t} ${n}`, parent_id: null },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 201, 201],
    other: [403, 403, 403, 403, 403, 201],
  },
  // Renames A's "Plant 1" or B's department (keeping the canary in B's name).
  updateDepartment: {
    request: (w, a, t, n) => ({
      url: `/api/v3/departments/${t === 'own' ? w.departmentA1 : w.departmentB}`,
      body: { name: t === 'own' ? `Plant 1 (${n})` : `Dept ${CANARY} ${n}` },
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    own: [403, 403, 403, 403, 200, 200],
    other: [403, 403, 403, 403, 404, 200],
  },
  // A has a child and B has a user: a delete without reassign_to is refused, so the world stays whole.
  deleteDepartment: {
    request: (w, a, t) => ({
      url: `/api/v3/departments/${t === 'own' ? w.departmentA : w.departmentB}`,
      headers: a === 'siteAdmin' ? scope(w, a, t) : {},
    }),
    own: [403, 403, 403, 403, 422, 422],
    other: [403, 403, 403, 403, 404, 422],
  },
  // The HRIS page (scim*.test.ts holds SCIM's own tenancy: a token acts for its company only).
  listScimTokens: {
    request: (w, a, t) => ({ url: '/api/v3/scim/tokens', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  createScimToken: {
    request: (w, a, t, n) => ({ url: '/api/v3/scim/tokens', body: { name: `Matrix ${n}` }, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 201]),
  },
  revokeScimToken: {
    request: (w, a, t) => ({ url: `/api/v3/scim/tokens/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  listProvisioningLog: {
    request: (w, a, t) => ({ url: '/api/v3/scim/log', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  // The Single Sign On page (saml*.test.ts holds the protocol's checks); discovery is public.
  getSamlSettings: {
    request: (w, a, t) => ({ url: '/api/v3/saml/settings', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  updateSamlSettings: {
    request: (w, a, t) => ({
      url: '/api/v3/saml/settings',
      body: { enabled: false, create_users: true, require_sso: false, allow_idp_initiated: false },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  startSamlTest: {
    request: (w, a, t) => ({ url: '/api/v3/saml/test', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 422]),
  },
  listSamlEvents: {
    request: (w, a, t) => ({ url: '/api/v3/saml/events', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  discoverSaml: {
    request: () => ({ url: '/api/v3/saml/discover?login=someone%40nowhere.test' }),
    ...same([404, 404, 404, 404, 404, 404]),
  },
  // The course catalog (courses*.test.ts holds its tenancy: another company's course is not found).
  listCourseCategories: {
    request: (w, a, t) => ({ url: '/api/v3/course-categories?with_courses=1', headers: scope(w, a, t) }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  createCourseCategory: {
    request: (w, a, t, n) => ({
      url: '/api/v3/course-categories',
      body: { name: `Matrix ${a} ${t} ${n}` },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 201]),
  },
  updateCourseCategory: {
    request: (w, a, t) => ({
      url: `/api/v3/course-categories/${MISSING_IMPORT}`,
      body: { name: 'Matrix' },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  deleteCourseCategory: {
    request: (w, a, t) => ({ url: `/api/v3/course-categories/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  listCourses: {
    request: (w, a, t) => ({ url: '/api/v3/courses', headers: scope(w, a, t) }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  getCourse: {
    request: (w, a, t) => ({ url: `/api/v3/courses/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  createCourse: {
    request: (w, a, t, n) => ({
      url: '/api/v3/courses',
      body: { name: `Matrix ${a} ${t} ${n}`, duration_minutes: 10, passing_score: 80, all_companies: true },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 201]),
  },
  updateCourse: {
    request: (w, a, t, n) => ({
      url: `/api/v3/courses/${MISSING_IMPORT}`,
      body: { name: `Matrix ${a} ${t} ${n}`, duration_minutes: 10, passing_score: 80, all_companies: true },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  deleteCourse: {
    request: (w, a, t) => ({ url: `/api/v3/courses/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  uploadCourseMedia: {
    request: (w, a, t) => {
      // A PNG sent as a video: refused by its first bytes (nothing stored).
      const upload = pngUpload('video');
      const body = upload.body.toString('latin1').replace('name="type"', 'name="kind"');
      return {
        url: '/api/v3/course-media',
        body: Buffer.from(body, 'latin1'),
        headers: { ...upload.headers, ...scope(w, a, t) },
      };
    },
    ...same([403, 403, 403, 403, 403, 422]),
  },
  listCourseMedia: {
    request: (w, a, t) => ({ url: '/api/v3/course-media', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  getCourseMedia: {
    request: (w, a, t) => ({ url: `/api/v3/course-media/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  deleteCourseMedia: {
    request: (w, a, t) => ({ url: `/api/v3/course-media/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  uploadUserImport: {
    request: (w, a, t, n) => {
      const upload = oneUserCsv(`matrix-${a}-${t}-${n}`);
      return { url: '/api/v3/users/imports', body: upload.body, headers: { ...upload.headers, ...scope(w, a, t) } };
    },
    own: [403, 403, 403, 201, 201, 201],
    other: [403, 403, 403, 403, 403, 201],
  },
  listUserImports: {
    request: (w, a, t) => ({ url: '/api/v3/users/imports', headers: scope(w, a, t) }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  // The world has no imports: ids of none answer 404 to those allowed (users-import-access.test.ts covers real ones).
  getUserImport: {
    request: (w, a, t) => ({ url: `/api/v3/users/imports/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  updateUserImport: {
    request: (w, a, t) => ({
      url: `/api/v3/users/imports/${MISSING_IMPORT}`,
      body: { options: { update_existing: true } },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  dryRunUserImport: {
    request: (w, a, t) => ({ url: `/api/v3/users/imports/${MISSING_IMPORT}/dry-run`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  runUserImport: {
    request: (w, a, t) => ({ url: `/api/v3/users/imports/${MISSING_IMPORT}/run`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  listUserImportErrors: {
    request: (w, a, t) => ({ url: `/api/v3/users/imports/${MISSING_IMPORT}/errors`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  exportUserImportErrors: {
    request: (w, a, t) => ({ url: `/api/v3/users/imports/${MISSING_IMPORT}/errors/export`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  // Assignment rules (assignment-rules*.test.ts covers behaviour): Company Managers and up, own company only.
  listAssignmentRules: {
    request: (w, a, t) => ({ url: '/api/v3/assignment-rules', headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  createAssignmentRule: {
    // A course that does not exist: refused before anything is written.
    request: (w, a, t) => ({
      url: '/api/v3/assignment-rules',
      body: {
        name: 'Matrix',
        conditions: [{ field: 'role', operator: 'in', value: [0] }],
        course_ids: [MISSING_IMPORT],
      },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 422, 422],
    other: [403, 403, 403, 403, 403, 422],
  },
  dryRunAssignmentRule: {
    request: (w, a, t) => ({
      url: '/api/v3/assignment-rules/dry-run',
      body: { conditions: [{ field: 'role', operator: 'in', value: [0] }], course_ids: [MISSING_IMPORT] },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 422, 422],
    other: [403, 403, 403, 403, 403, 422],
  },
  getAssignmentRule: {
    request: (w, a, t) => ({ url: `/api/v3/assignment-rules/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  updateAssignmentRule: {
    request: (w, a, t) => ({
      url: `/api/v3/assignment-rules/${MISSING_IMPORT}`,
      body: { name: 'Matrix', conditions: [{ field: 'role', operator: 'in', value: [0] }], course_ids: [1] },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  deleteAssignmentRule: {
    request: (w, a, t) => ({ url: `/api/v3/assignment-rules/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  previewAssignmentRuleExisting: {
    request: (w, a, t) => ({
      url: `/api/v3/assignment-rules/${MISSING_IMPORT}/existing`,
      body: { due_days: 10 },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  runAssignmentRule: {
    request: (w, a, t) => ({ url: `/api/v3/assignment-rules/${MISSING_IMPORT}/run`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  listAssignmentRuleRuns: {
    request: (w, a, t) => ({ url: `/api/v3/assignment-rules/${MISSING_IMPORT}/runs`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  undoAssignmentRuleRun: {
    request: (w, a, t) => ({
      url: `/api/v3/assignment-rules/${MISSING_IMPORT}/runs/${MISSING_IMPORT}/undo`,
      body: {},
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  listAssignmentRuleExclusions: {
    request: (w, a, t) => ({ url: `/api/v3/assignment-rules/${MISSING_IMPORT}/exclusions`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  createAssignmentRuleExclusion: {
    request: (w, a, t) => ({
      url: `/api/v3/assignment-rules/${MISSING_IMPORT}/exclusions`,
      body: { user_id: userId(w, t), course_id: 1 },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  deleteAssignmentRuleExclusion: {
    request: (w, a, t) => ({
      url: `/api/v3/assignment-rules/${MISSING_IMPORT}/exclusions/${MISSING_IMPORT}`,
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 403, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  listAssignments: {
    request: (w, a, t) => ({ url: '/api/v3/assignments', headers: scope(w, a, t) }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  exportAssignments: {
    request: (w, a, t) => ({ url: '/api/v3/assignments/export', headers: scope(w, a, t) }),
    own: [403, 403, 200, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  // History: site admins only, in the company the header names.
  listAuditLogs: {
    request: (w, a, t) => ({ url: '/api/v3/audit-logs', headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 403, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  exportAuditLogs: {
    request: (w, a, t) => ({ url: '/api/v3/audit-logs/export', headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 403, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  listCourseActivity: {
    request: (w, a, t) => ({ url: '/api/v3/course-activity', headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 403, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  exportCourseActivity: {
    request: (w, a, t) => ({ url: '/api/v3/course-activity/export', headers: scope(w, a, t) }),
    own: [403, 403, 403, 403, 403, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  // Neither company of the world has question reports: 403 for everyone (assessment-reports.test.ts
  // covers a company that has them).
  getAssessmentCourseSummary: {
    request: (w, a, t) => ({ url: '/api/v3/reports/assessments/course-summary', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 403]),
  },
  getAssessmentLearnerSummary: {
    request: (w, a, t) => ({ url: '/api/v3/reports/assessments/learner-summary', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 403]),
  },
  getAssessmentEpisodeSummary: {
    request: (w, a, t) => ({ url: '/api/v3/reports/assessments/episode-summary?course_id=1', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 403]),
  },
  ...reportRows({
    reportStatusCounts: 'status-counts',
    reportDepartmentSummary: 'department-summary',
    reportAttributeSummary: 'attribute-summary?attribute=missing',
    reportCompletionHistory: 'completion-history',
    reportCompletionBenchmark: 'completion-benchmark',
    reportScoreBenchmark: 'score-benchmark',
    reportLeaderboardSummary: 'leaderboard-summary',
    reportLeaderboard: 'leaderboard',
    reportRecertification: 'recertification',
    reportCourseSummary: 'course-summary',
    reportUserCompletionSummary: 'user-completion-summary',
    exportAssignmentReport: 'export?report=status-counts',
  }),
  // Notification templates (issue 17): Department Managers and up, their own company; an id of no template is not found.
  listTemplates: {
    request: (w, a, t) => ({ url: '/api/v3/templates?per_page=5', headers: scope(w, a, t) }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  previewTemplate: {
    request: (w, a, t) => ({
      url: '/api/v3/templates/preview',
      body: { type: 'reminder_employee', method: 'sms', body: 'Due {{ assignment.due_date }}' },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  createTemplate: {
    request: (w, a, t, n) => ({
      url: '/api/v3/templates',
      body: {
        type: 'reminder_employee',
        method: 'sms',
        name: `Matrix ${a} ${t} ${n}`,
        body: 'Hi {{ user.first_name }}',
      },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 201, 201, 201],
    other: [403, 403, 403, 403, 403, 201],
  },
  getTemplate: {
    request: (w, a, t) => ({ url: `/api/v3/templates/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  updateTemplate: {
    request: (w, a, t) => ({
      url: `/api/v3/templates/${MISSING_IMPORT}`,
      body: { name: 'Matrix', subject: null, body: 'Hi' },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  resetTemplate: {
    request: (w, a, t) => ({ url: `/api/v3/templates/${MISSING_IMPORT}/reset`, body: {}, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  deleteTemplate: {
    request: (w, a, t) => ({ url: `/api/v3/templates/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  deleteTemplates: {
    request: (w, a, t) => ({
      url: '/api/v3/templates',
      body: { template_ids: [MISSING_IMPORT] },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  countAssignmentLearners: {
    request: (w, a, t) => ({
      url: '/api/v3/assignments/learners/count',
      body: { learners: { user_ids: [userId(w, t)] } },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  createAssignments: {
    // A course that does not exist: refused before anything is written, for every caller who may assign.
    request: (w, a, t) => ({
      url: '/api/v3/assignments',
      body: { learners: { user_ids: [userId(w, t)] }, course_ids: [MISSING_IMPORT] },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 422, 422, 422],
    other: [403, 403, 403, 403, 403, 422],
  },
  // Assignments bulk actions and links (issue 16 items 2 and 7): an assignment that does not exist.
  bulkUpdateAssignments: {
    request: (w, a, t) => ({
      url: `/api/v3/assignments?field[id]=${MISSING_IMPORT}`,
      body: { action: 'send_reminder' },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  previewBulkAssignments: {
    request: (w, a, t) => ({
      url: `/api/v3/assignments/bulk-preview?field[id]=${MISSING_IMPORT}`,
      body: { action: 'remove' },
      headers: scope(w, a, t),
    }),
    own: [403, 403, 403, 200, 200, 200],
    other: [403, 403, 403, 403, 403, 200],
  },
  createAssignmentLink: {
    request: (w, a, t) => ({ url: `/api/v3/assignments/${MISSING_IMPORT}/link`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  revokeAssignmentLinks: {
    request: (w, a, t) => ({ url: `/api/v3/assignments/${MISSING_IMPORT}/links`, headers: scope(w, a, t) }),
    own: [403, 403, 403, 404, 404, 404],
    other: [403, 403, 403, 403, 403, 404],
  },
  // Automated Reports (automated-reports.test.ts covers behaviour): site admins only; the e-mailed link is public.
  listAutomatedReports: {
    request: (w, a, t) => ({ url: '/api/v3/automated-reports', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  createAutomatedReport: {
    // A recipient who does not exist: refused before anything is written.
    request: (w, a, t) => ({
      url: '/api/v3/automated-reports',
      body: {
        name: 'Matrix',
        report: 'status-counts',
        format: 'csv',
        recipient_ids: [MISSING_IMPORT],
        schedule: { kind: 'daily' },
      },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 422]),
  },
  listAutomatedReportRecipients: {
    request: (w, a, t) => ({ url: '/api/v3/automated-reports/recipients', headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 200]),
  },
  getAutomatedReport: {
    request: (w, a, t) => ({ url: `/api/v3/automated-reports/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  updateAutomatedReport: {
    request: (w, a, t) => ({
      url: `/api/v3/automated-reports/${MISSING_IMPORT}`,
      body: { name: 'Matrix', report: 'status-counts', format: 'csv', recipient_ids: [1], schedule: { kind: 'daily' } },
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  deleteAutomatedReport: {
    request: (w, a, t) => ({ url: `/api/v3/automated-reports/${MISSING_IMPORT}`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  runAutomatedReport: {
    request: (w, a, t) => ({ url: `/api/v3/automated-reports/${MISSING_IMPORT}/run`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  listAutomatedReportRuns: {
    request: (w, a, t) => ({ url: `/api/v3/automated-reports/${MISSING_IMPORT}/runs`, headers: scope(w, a, t) }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  downloadAutomatedReportFile: {
    request: (w, a, t) => ({
      url: `/api/v3/automated-reports/${MISSING_IMPORT}/runs/1/files/1`,
      headers: scope(w, a, t),
    }),
    ...same([403, 403, 403, 403, 403, 404]),
  },
  downloadAutomatedReportLink: {
    request: () => ({ url: '/api/v3/automated-report-files/1.2.not-a-signature' }),
    ...same([404, 404, 404, 404, 404, 404]),
  },
  getAssignmentDetails: {
    request: () => ({ url: '/api/v3/public/assignments?token=1.2.not-a-signature' }),
    ...same([404, 404, 404, 404, 404, 404]),
  },
};
