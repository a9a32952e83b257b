import type { JobHandler } from '../../jobs/types.ts';
import { refreshIdpMetadata } from './saml-metadata.service.ts';

export const METADATA_REFRESH_JOB = 'saml.metadata_refresh';

/** The daily refresh of IdP metadata fetched from URLs (scheduled with `every: 'day'`); a second run is harmless. */
export const metadataRefreshJob: JobHandler = async (ctx) => {
  const result = await refreshIdpMetadata({ db: ctx.db, config: ctx.config }, ctx.now(), ctx.signal);
  if (result.failed > 0) ctx.log.warn(result, 'IdP metadata refreshes failed');
  return result;
};
