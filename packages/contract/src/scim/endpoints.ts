import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { scimEndpointRoutes } from './endpoint-routes.ts';
import {
  provisioningLogEntry,
  provisioningLogQuery,
  scimToken,
  scimTokenCreateBody,
  scimTokenCreated,
  scimTokenList,
} from './scim.ts';

export const scimEndpoints = {
  listScimTokens: {
    summary: "The company's SCIM bearer tokens (never their secrets) and the SCIM base URL",
    response: scimTokenList,
  },
  createScimToken: {
    summary: 'Creates a SCIM bearer token for the company; its secret is in this answer only',
    body: scimTokenCreateBody,
    response: scimTokenCreated,
  },
  revokeScimToken: {
    summary: 'Revokes a SCIM token: calls with it are refused from now on',
    params: idParam,
    response: single(scimToken),
  },
  listProvisioningLog: {
    summary: 'The SCIM calls made with the company’s tokens, newest first',
    query: provisioningLogQuery,
    response: paged(provisioningLogEntry),
  },
} satisfies { [N in keyof typeof scimEndpointRoutes]: EndpointSchemas };
