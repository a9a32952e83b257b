import { type ImportMapping, type ImportOptions, ROLE, importMapping, importOptions } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { PermanentJobError } from '../../jobs/types.ts';
import { departmentScope } from '../../platform/scope.ts';
import { storageArea } from '../../platform/storage-area.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { RunContext } from './chunk-apply.ts';
import { DepartmentIndex } from './department-index.ts';
import { loadCustomFields, loadDepartments } from './import-lookups.repository.ts';
import type { SourceSpec } from './import-source.ts';
import { type ImportRow, findImport, findImporter } from './users-import.repository.ts';
import { importSetup } from './row-draft.ts';

/** Where uploaded import files live, under the data directory or in the bucket (the worker reaches the same place). */
export const importStorage = (config: Pick<Config, 'dataDir' | 'storage'>): FileStorage =>
  storageArea(config, 'imports');

/** Rows planned and written together: one set of lookups, one statement per table (a few on SQLite). */
export const CHUNK_ROWS = 1000;

/**
 * File rows per transaction: several chunks. A commit writes every page the transaction touched; 1,000 random
 * users touch most leaf pages of the users indexes, so fewer, larger commits write each page fewer times
 * (decision 054). The write lock is held for the whole transaction: a few hundred milliseconds.
 */
export const TRANSACTION_ROWS = 5000;

export interface PreparedRun extends RunContext {
  row: ImportRow;
  spec: SourceSpec;
  storage: FileStorage;
}

export const parseMapping = (text: string | null): ImportMapping => importMapping.parse(JSON.parse(text ?? '[]'));
export const parseOptions = (text: string): ImportOptions => importOptions.parse(JSON.parse(text));
export const parseHeaders = (text: string | null): string[] => JSON.parse(text ?? '[]') as string[];

/**
 * Everything a dry run or a run needs, loaded once: the import, who started it (their rank and
 * departments apply, as they stand now), the company's custom fields and departments.
 */
export async function prepareRun(
  deps: { db: Kysely<Database>; dialect: Dialect; config: Config },
  importId: number,
): Promise<PreparedRun> {
  const { db, dialect, config } = deps;
  const row = await findImport(db, importId);
  if (!row) throw new PermanentJobError(`Import ${importId} no longer exists.`);
  const actorId = row.run_by ?? row.created_by;
  const actor = actorId ? await findImporter(db, actorId) : undefined;
  const allowed =
    actor &&
    actor.suspended === 0 &&
    (actor.site_admin === 1 || actor.role === ROLE.CompanyManager || actor.role === ROLE.DepartmentManager);
  if (!actor || !allowed) throw new PermanentJobError('The person who started this import can no longer import users.');
  if (actor.site_admin !== 1 && actor.company_id !== row.company_id)
    throw new PermanentJobError('The person who started this import no longer belongs to its company.');
  const [customFields, departments, scope] = await Promise.all([
    loadCustomFields(db, row.company_id),
    loadDepartments(db, row.company_id),
    departmentScope(db, { user: actor, companyId: row.company_id }),
  ]);
  const setup = importSetup(
    row.format as SourceSpec['format'],
    parseHeaders(row.headers),
    parseMapping(row.mapping),
    parseOptions(row.options),
    customFields,
  );
  return {
    db,
    dialect,
    importId,
    row,
    spec: {
      key: row.file_path,
      format: row.format as SourceSpec['format'],
      delimiter: row.delimiter,
      encoding: row.encoding,
    },
    storage: importStorage(config),
    plan: { setup, companyId: row.company_id, actor, scope, departments: new DepartmentIndex(departments) },
    who: { companyId: row.company_id, actorId: actor.id, impersonatorId: row.run_impersonator_id, ip: row.run_ip },
    now: config.now,
  };
}

/** The department index as the database holds it: after a rolled-back transaction, without the departments it had created. */
export async function reloadDepartments(run: PreparedRun): Promise<void> {
  run.plan.departments = new DepartmentIndex(await loadDepartments(run.db, run.plan.companyId));
}
