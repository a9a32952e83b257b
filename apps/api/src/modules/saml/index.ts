import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { METADATA_REFRESH_JOB, metadataRefreshJob } from './saml-metadata.job.ts';
import { samlSettingsRoutes } from './saml-settings.routes.ts';
import { samlRoutes } from './saml.routes.ts';

/** SAML 2.0 single sign-on per company: the SP (metadata, start, ACS) and the Single Sign On page (README.md). */
export const samlModule: HeedModule = {
  name: 'saml',
  routes: [samlSettingsRoutes, samlRoutes],
  // IdP metadata fetched from a URL, read again daily (decision 080).
  jobs: [{ type: METADATA_REFRESH_JOB, run: metadataRefreshJob, ...JOB_KINDS.heavy, every: 'day' }],
};
