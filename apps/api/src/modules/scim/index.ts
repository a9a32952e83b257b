import type { HeedModule } from '../../platform/module.ts';
import { scimTokensRoutes } from './scim-tokens.routes.ts';
import { scimRoutes } from './scim.routes.ts';

/** SCIM 2.0 provisioning at /scim/v2, and the HRIS page's tokens and provisioning log (README.md). */
export const scimModule: HeedModule = { name: 'scim', routes: [scimTokensRoutes, scimRoutes], jobs: [] };

// For SAML's just-in-time users: the same assignment-rules call site.
export { runAssignmentRules } from './rules-hook.ts';
// For SAML's just-in-time users: custom field values and departments by name, as SCIM writes them.
export { findCompanyCustomFields, writeCustomValues } from './scim-users.repository.ts';
export { findDepartmentByName } from './scim-groups.repository.ts';
