import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import { MetadataFetchError, fetchMetadata } from './saml-metadata-fetch.ts';
import { findSettings, listMetadataUrls, saveSettings } from './saml.repository.ts';
import { parseIdpMetadata, toPem } from './saml-xml.ts';

/** The text at an IdP metadata URL; an Error whose message can be shown on the field. */
export async function fetchMetadataText(config: Config, url: string): Promise<string> {
  try {
    return await fetchMetadata(url, { allowLoopback: config.samlMetadataAllowLoopback === true });
  } catch (error) {
    if (error instanceof MetadataFetchError) throw error;
    throw new MetadataFetchError('The metadata could not be fetched.');
  }
}

type Refreshed = { entityId: string; ssoUrl: string; pems: string[] } | { error: string };

async function readIdp(config: Config, url: string): Promise<Refreshed> {
  try {
    const metadata = parseIdpMetadata(await fetchMetadataText(config, url));
    const pems = metadata.certificates.map((c) => toPem(c)?.pem);
    if (pems.some((pem) => !pem)) return { error: 'A certificate in the metadata is not an X.509 certificate.' };
    return { entityId: metadata.entityId, ssoUrl: metadata.ssoUrl, pems: pems as string[] };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const subjects = (pems: (string | null)[]) => pems.filter((p): p is string => !!p).map((p) => toPem(p)?.subject);

/**
 * The daily refresh (decision 080): each company's IdP metadata fetched again from its URL, so a
 * certificate rollover at the IdP reaches us. A failure keeps the IdP as it was and records why
 * (shown on the Single Sign On page). Audited when the IdP or the failure changes, in the
 * transaction that writes it; the fetch itself runs outside any transaction.
 */
export async function refreshIdpMetadata(
  deps: { db: Kysely<Database>; config: Config },
  now: Date,
  signal?: AbortSignal,
) {
  const result = { refreshed: 0, changed: 0, failed: 0 };
  for (const { company_id: companyId, idp_metadata_url: url } of await listMetadataUrls(deps.db)) {
    signal?.throwIfAborted();
    const read = await readIdp(deps.config, url);
    const at = iso(now);
    const ctx = { actorId: null, impersonatorId: null, companyId, ip: '', now: () => now };
    await deps.db.transaction().execute(async (trx) => {
      const before = await findSettings(trx, companyId);
      // The URL was changed or removed while we fetched: the save that did it read its own metadata.
      if (!before || before.idp_metadata_url !== url) return;
      if ('error' in read) {
        result.failed++;
        await saveSettings(trx, companyId, {
          metadata_error: read.error,
          metadata_error_at: at,
          updated_at: before.updated_at,
        });
        await audit(trx, ctx, {
          action: 'saml.metadata.refresh_failed',
          entityType: 'company',
          entityId: companyId,
          after: { idp_metadata_url: url, error: read.error },
        });
        return;
      }
      result.refreshed++;
      const idp = {
        idp_entity_id: read.entityId,
        idp_sso_url: read.ssoUrl,
        idp_certificate: read.pems[0] ?? null,
        idp_certificate_2: read.pems[1] ?? null,
      };
      const isChanged = (Object.keys(idp) as (keyof typeof idp)[]).some((key) => before[key] !== idp[key]);
      await saveSettings(trx, companyId, {
        ...idp,
        metadata_fetched_at: at,
        metadata_error: null,
        metadata_error_at: null,
        updated_at: isChanged ? at : before.updated_at,
      });
      if (!isChanged && before.metadata_error === null) return;
      if (isChanged) result.changed++;
      type Idp = { [K in keyof typeof idp]: string | null };
      const brief = (s: Idp, error: string | null) => ({
        idp_entity_id: s.idp_entity_id,
        idp_sso_url: s.idp_sso_url,
        idp_certificates: subjects([s.idp_certificate, s.idp_certificate_2]),
        metadata_error: error,
      });
      await audit(trx, ctx, {
        action: 'saml.metadata.refresh',
        entityType: 'company',
        entityId: companyId,
        before: brief(before, before.metadata_error),
        after: brief(idp, null),
      });
    });
  }
  return result;
}
