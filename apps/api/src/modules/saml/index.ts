import type { HeedModule } from '../../platform/module.ts';
import { samlSettingsRoutes } from './saml-settings.routes.ts';
import { samlRoutes } from './saml.routes.ts';

/** SAML 2.0 single sign-on per company: the SP (metadata, start, ACS) and the Single Sign On page (README.md). */
export const samlModule: HeedModule = { name: 'saml', routes: [samlSettingsRoutes, samlRoutes], jobs: [] };
