import { type EndpointRoute, siteAdmin } from '../endpoint-kit.ts';

/**
 * The Single Sign On page's endpoints and the sign-in page's SSO discovery. The SAML protocol's own
 * routes (metadata, sign-in start, the ACS) are outside the contract: XML, redirects and an IdP's form post.
 */
export const samlEndpointRoutes = {
  getSamlSettings: { method: 'GET', path: '/saml/settings', access: siteAdmin },
  updateSamlSettings: { method: 'PUT', path: '/saml/settings', access: siteAdmin },
  startSamlTest: { method: 'POST', path: '/saml/test', access: siteAdmin },
  listSamlEvents: { method: 'GET', path: '/saml/events', access: siteAdmin },
  discoverSaml: { method: 'GET', path: '/saml/discover', access: { kind: 'public' } },
} as const satisfies Record<string, EndpointRoute>;
