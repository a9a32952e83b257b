import { paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { samlEndpointRoutes } from './endpoint-routes.ts';
import {
  samlDiscoverQuery,
  samlDiscovered,
  samlEvent,
  samlEventsQuery,
  samlSettings,
  samlSettingsBody,
  samlTestStarted,
} from './saml.ts';

export const samlEndpoints = {
  getSamlSettings: {
    summary: "The company's SAML single sign-on settings and our SP's addresses",
    response: single(samlSettings),
  },
  updateSamlSettings: {
    summary:
      'Saves the IdP (from its metadata, or entity ID, SSO URL and one or two certificates), mapping and options',
    body: samlSettingsBody,
    response: single(samlSettings),
  },
  startSamlTest: {
    summary: 'Starts a test sign-in: the IdP answers to the ACS, which records the attributes without signing in',
    response: single(samlTestStarted),
  },
  listSamlEvents: {
    summary: 'Sign-ins, refusals (with the reason) and test sign-ins of the company, newest first',
    query: samlEventsQuery,
    response: paged(samlEvent),
  },
  discoverSaml: {
    summary: "The SSO start address for an e-mail address's company (404 when its domain has no SSO)",
    query: samlDiscoverQuery,
    response: single(samlDiscovered),
  },
} satisfies { [N in keyof typeof samlEndpointRoutes]: EndpointSchemas };
