import { type EndpointRoute, siteAdmin } from '../endpoint-kit.ts';

/** The HRIS page's endpoints (SCIM itself lives at /scim/v2, outside the contract). No zod here (decision 023). */
export const scimEndpointRoutes = {
  listScimTokens: { method: 'GET', path: '/scim/tokens', access: siteAdmin },
  createScimToken: { method: 'POST', path: '/scim/tokens', access: siteAdmin, status: 201 },
  revokeScimToken: { method: 'DELETE', path: '/scim/tokens/{id}', access: siteAdmin },
  listProvisioningLog: { method: 'GET', path: '/scim/log', access: siteAdmin },
} as const satisfies Record<string, EndpointRoute>;
