import type { Kysely } from 'kysely';

/**
 * IdP metadata fetched from a URL (decision 080): the address, when it was last read, and the last
 * refresh's failure (null after a success). The daily refresh keeps the IdP's entity ID, sign-in URL
 * and certificates as they were when a fetch fails; the failure is shown on the Single Sign On page.
 */
const COLUMNS = [
  ['idp_metadata_url', 'varchar(2048)'],
  ['metadata_fetched_at', 'varchar(32)'],
  ['metadata_error', 'varchar(1024)'],
  ['metadata_error_at', 'varchar(32)'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable('saml_settings').addColumn(name, type).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('saml_settings').dropColumn(name).execute();
}
