import { type EndpointRoute, companyManager, reviewer, siteAdmin } from '../endpoint-kit.ts';

/**
 * The routes of the company endpoints: companies, their assets, the test notification. No zod and no
 * schema here (decision 023): the console's first chunk loads them.
 */
export const companiesEndpointRoutes = {
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
    // Company Managers change their own company's branding and settings; suspension and question
    // reports stay with site admins (the service checks both).
    access: companyManager,
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
  /** A logo for e-mails: a signed address, no session (decision 077). */
  getCompanyLogo: {
    method: 'GET',
    path: '/public/logos/{token}',
    access: { kind: 'public' },
  },
  sendTestNotification: {
    method: 'POST',
    path: '/companies/notifications',
    access: siteAdmin,
    status: 202,
  },
} as const satisfies Record<string, EndpointRoute>;
