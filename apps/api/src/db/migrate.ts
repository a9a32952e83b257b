import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { isPostgres } from './migrations/helpers.ts';
import * as m001 from './migrations/001-tenancy-and-people.ts';
import * as m002 from './migrations/002-learning.ts';
import * as m003 from './migrations/003-notifications.ts';
import * as m004 from './migrations/004-integrations-and-imports.ts';
import * as m005 from './migrations/005-user-search.ts';
import * as m006 from './migrations/006-custom-fields.ts';
import * as m007 from './migrations/007-imports.ts';
import * as m008 from './migrations/008-users-bulk.ts';
import * as m010 from './migrations/010-users-name-order.ts';
import * as m013 from './migrations/013-company-user-counts.ts';
import * as m014 from './migrations/014-postgres-users-list.ts';
import * as m015 from './migrations/015-users-sparse-indexes.ts';
import * as m016 from './migrations/016-user-search-by-company.ts';
import * as m017 from './migrations/017-postgres-user-search-docs.ts';
import * as m018 from './migrations/018-login-namespace.ts';
import * as m019 from './migrations/019-job-lanes.ts';
import * as m020 from './migrations/020-companies-list.ts';
import * as m021 from './migrations/021-course-catalog.ts';
import * as m022 from './migrations/022-my-assignments.ts';
import * as m023 from './migrations/023-course-player.ts';
import * as m024 from './migrations/024-course-media.ts';
import * as m025 from './migrations/025-certificates.ts';
import * as m026 from './migrations/026-assignments-list.ts';
import * as m027 from './migrations/027-assignment-tokens.ts';
import * as m028 from './migrations/028-assignment-rules.ts';
import * as m029 from './migrations/029-notification-template-defaults.ts';
import * as m030 from './migrations/030-notification-delivery.ts';
import * as m031 from './migrations/031-report-indexes.ts';
import * as m032 from './migrations/032-history-and-assessment-indexes.ts';
import * as m033 from './migrations/033-company-branding.ts';
import * as m034 from './migrations/034-identity-integrations.ts';
import * as m035 from './migrations/035-recertification.ts';
import * as m036 from './migrations/036-automated-reports.ts';
import * as m038 from './migrations/038-lookup-indexes.ts';
import * as m039 from './migrations/039-rule-pick-indexes.ts';
import * as m041 from './migrations/041-saml-metadata-url.ts';
import * as m042 from './migrations/042-renewed-backfill.ts';
import * as m043 from './migrations/043-users-relation-sorts.ts';
import * as m044 from './migrations/044-audit-text-search.ts';
import * as m045 from './migrations/045-assignments-learner-sort.ts';
import * as m046 from './migrations/046-assignment-rollups.ts';
import * as m047 from './migrations/047-learner-rollups.ts';
import * as m048 from './migrations/048-expiry-rollups.ts';
import * as m049 from './migrations/049-assignment-rollup-totals.ts';
import * as m050 from './migrations/050-attribute-rollups.ts';
import * as m051 from './migrations/051-assignment-list-codes.ts';
import * as m052 from './migrations/052-assignment-sort-status.ts';
import * as m053 from './migrations/053-assignment-course-order.ts';
import * as m054 from './migrations/054-assignments-learner-department.ts';
import * as m055 from './migrations/055-assignment-course-codes.ts';
import * as m056 from './migrations/056-rollups-by-course.ts';
import * as m057 from './migrations/057-assignment-due-course.ts';
import * as m058 from './migrations/058-assignment-walk-learner.ts';
import * as m059 from './migrations/059-assignment-walk-department.ts';

const migrations: Record<string, Migration> = {
  '001-tenancy-and-people': m001,
  '002-learning': m002,
  '003-notifications': m003,
  '004-integrations-and-imports': m004,
  '005-user-search': m005,
  '006-custom-fields': m006,
  '007-imports': m007,
  '008-users-bulk': m008,
  '010-users-name-order': m010,
  '013-company-user-counts': m013,
  '014-postgres-users-list': m014,
  '015-users-sparse-indexes': m015,
  '016-user-search-by-company': m016,
  '017-postgres-user-search-docs': m017,
  '018-login-namespace': m018,
  '019-job-lanes': m019,
  '020-companies-list': m020,
  '021-course-catalog': m021,
  '022-my-assignments': m022,
  '023-course-player': m023,
  '024-course-media': m024,
  '025-certificates': m025,
  '026-assignments-list': m026,
  '027-assignment-tokens': m027,
  '028-assignment-rules': m028,
  '029-notification-template-defaults': m029,
  '030-notification-delivery': m030,
  '031-report-indexes': m031,
  '032-history-and-assessment-indexes': m032,
  '033-company-branding': m033,
  '034-identity-integrations': m034,
  '035-recertification': m035,
  '036-automated-reports': m036,
  '038-lookup-indexes': m038,
  '039-rule-pick-indexes': m039,
  '041-saml-metadata-url': m041,
  '042-renewed-backfill': m042,
  '043-users-relation-sorts': m043,
  '044-audit-text-search': m044,
  '045-assignments-learner-sort': m045,
  '046-assignment-rollups': m046,
  '047-learner-rollups': m047,
  '048-expiry-rollups': m048,
  '049-assignment-rollup-totals': m049,
  '050-attribute-rollups': m050,
  '051-assignment-list-codes': m051,
  '052-assignment-sort-status': m052,
  '053-assignment-course-order': m053,
  '054-assignments-learner-department': m054,
  '055-assignment-course-codes': m055,
  '056-rollups-by-course': m056,
  '057-assignment-due-course': m057,
  '058-assignment-walk-learner': m058,
  '059-assignment-walk-department': m059,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the newest schema; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<any>, schema = 'public'): Promise<void> {
  await migrateTo(db, undefined, schema);
}

/**
 * Brings the database up or down to the named migration (the newest when undefined); tests use it to migrate older data.
 *
 * Kysely's migrator first lists every table of the database (`pg_get_serial_sequence` on each); a schema
 * dropped by someone else meanwhile (parallel tests, a tenant schema being removed) fails that listing
 * with "schema … does not exist" (3F000) or, when the schema goes between the listing's two reads,
 * "relation … does not exist" (42P01), before any migration ran; only those errors are retried.
 */
export async function migrateTo(
  db: Kysely<any>,
  name: string | undefined,
  schema = 'public',
  attempts = 5,
): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
  const migrator = new Migrator({ db, provider, migrationTableSchema: isPostgres(db) ? schema : undefined });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await (name === undefined ? migrator.migrateToLatest() : migrator.migrateTo(name));
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    const code = (error as { code?: string } | undefined)?.code;
    const vanishedSchema = (code === '3F000' || code === '42P01') && !results?.length;
    if (vanishedSchema && attempt < attempts) continue;
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
