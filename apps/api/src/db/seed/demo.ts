import type { Kysely } from 'kysely';
import type { Database } from '../types.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { publishCatalogVersions, seedCatalog } from './catalog.ts';
import { type CompanyHistory, seedCompany } from './demo-company.ts';
import { DemoClock } from './demo-clock.ts';
import { DEMO_COMPANIES, type DemoCompanySpec } from './demo-companies.ts';
import { byTime, writeHistory } from './demo-history.ts';
import { seedAutomatedReports } from './demo-automated-reports.ts';
import { seedRuleRuns } from './demo-rules.ts';
import { seedDemoMedia } from './demo-media.ts';
import { seedTemplates } from './demo-notifications.ts';
import { seedTemplateOverrides } from './demo-templates.ts';
import type { SeedContext } from './demo-people.ts';
import { Random } from './prng.ts';
import { type IdAllocator, analyzeSeeded, insertMany } from './seed-db.ts';

/** The tables the companies' people fill, read by the rollup triggers while the history is written. */
const PEOPLE_TABLES = ['users', 'departments', 'user_field_values', 'custom_fields', 'assignment_rollup_window'];
/** The tables the history fills, read by the rule runs' updates and the automated reports' first runs. */
const HISTORY_TABLES = ['assignments', 'completions', 'course_attempts', 'learner_rollups', 'assignment_rollups'];

export interface DemoOptions {
  now: Date;
  adminId: number;
  passwordHash: string;
  publicUrl: string;
  /** Where course media is stored (the course-media module's storage under DATA_DIR). */
  mediaStorage: FileStorage;
  /** Where automated reports' run files are stored (DATA_DIR/automated-reports). */
  reportStorage: FileStorage;
}

/**
 * The deterministic demo: a course catalog and three companies of different sizes with ~18 months of
 * history. The same PRNG seed gives the same data on every run; dates are offsets from `now`.
 */
export async function seedDemo(
  db: Kysely<Database>,
  ids: IdAllocator,
  options: DemoOptions,
): Promise<DemoCompanySpec[]> {
  const random = new Random('heed-demo-v1');
  const clock = new DemoClock(options.now);
  const ctx: SeedContext = { db, ids, random, clock, passwordHash: options.passwordHash, usernames: new Map() };
  const media = await seedDemoMedia(db, ids, options.mediaStorage, options.adminId, clock.at(-700));
  const catalog = await seedCatalog(db, ids, random, clock.at(-700), media);
  const templates = await seedTemplates(db, ids, clock.at(-700));

  const companies: CompanyHistory[] = [];
  for (const spec of DEMO_COMPANIES) companies.push(await seedCompany(ctx, spec, catalog, templates, options));
  await analyzeSeeded(db, PEOPLE_TABLES);
  await seedTemplateOverrides(
    db,
    ids,
    templates,
    companies.map((c) => c.companyId),
    clock.at(-30),
  );
  await publishCatalogVersions(db, catalog, companies[0]!.companyId, clock.at(-700));
  // Assignment ids follow time across companies, so the history is written once for all of them.
  await writeHistory(
    db,
    ids,
    random,
    clock,
    companies.flatMap((c) => c.planned),
  );
  await analyzeSeeded(db, HISTORY_TABLES);
  await seedRuleRuns(db, options.now, companies);
  await seedAutomatedReports(
    db,
    options.reportStorage,
    options.now,
    companies.map((c) => c.companyId),
  );
  const later = companies.map((c) => c.afterAssignments());
  await insertMany(db, 'deliveries', later.flatMap((l) => l.deliveries).sort(byTime));
  await insertMany(db, 'audit_log', later.flatMap((l) => l.audit).sort(byTime));
  return [...DEMO_COMPANIES];
}
