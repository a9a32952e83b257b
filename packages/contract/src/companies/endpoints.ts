import { z } from 'zod';
import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
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
import type { companiesEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each company endpoint, joined to its route in `endpoints`. */
export const companiesEndpoints = {
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
  getCompanyLogo: {
    summary:
      "A company's logo image by the signed address its e-mails carry (no session); a wrong or altered address is a 404",
    params: z.object({ token: z.string().max(200).describe('`<asset id>.<signature>`, as the e-mail gives it') }),
  },
  sendTestNotification: {
    summary: "Queues a test e-mail to the caller through the company's e-mail settings",
    response: z.object({ data: z.object({ job_id: z.number().int() }) }),
  },
} satisfies { [N in keyof typeof companiesEndpointRoutes]: EndpointSchemas };
