import type { ImportOptions, UpdateUserImportBody, UserImport } from '@heed/contract';
import type { Updateable } from 'kysely';
import type { ImportsTable } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, invalid, invalidField } from '../../platform/errors.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { departmentScope } from '../../platform/scope.ts';
import { assertDepartmentInScope, isCompanyDepartment } from '../users/index.ts';
import { USERS_IMPORT_JOB } from './users-import.job.ts';
import { loadCustomFields } from './import-lookups.repository.ts';
import { clearImportErrors } from './import-progress.repository.ts';
import { mappingErrors } from './mapping-rules.ts';
import { parseHeaders, parseMapping, parseOptions } from './run-context.ts';
import { effectiveStatus } from './users-import.mapper.ts';
import { type ImportRow, findJobState, updateImport } from './users-import.repository.ts';
import { type ImportDeps, presentImport, visibleImport } from './users-import.service.ts';

const conflict = (message: string) => new AppError(409, message);

/** Before the run starts, the mapping, the options and the dry run may change. */
const isBeforeRun = (row: ImportRow) =>
  row.started_at === null && ['uploaded', 'validated', 'failed'].includes(row.status);

async function checkSetup(deps: ImportDeps, ctx: AuthedContext, row: ImportRow) {
  const fields = await loadCustomFields(deps.db, ctx.companyId);
  const options = parseOptions(row.options);
  const errors = mappingErrors(
    parseMapping(row.mapping),
    parseHeaders(row.headers),
    new Set(fields.map((f) => f.key)),
    options,
  );
  if (Object.keys(errors).length > 0) throw invalid(errors);
  await checkDefaultDepartment(deps, ctx, options);
}

async function checkDefaultDepartment(deps: ImportDeps, ctx: AuthedContext, options: ImportOptions) {
  const id = options.default_department_id;
  if (id === null) return;
  if (!(await isCompanyDepartment(deps.db, ctx.companyId, id)))
    throw invalidField('options.default_department_id', 'Choose a department of this company.');
  try {
    assertDepartmentInScope(await departmentScope(deps.db, ctx), id);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(403, error.message, { 'options.default_department_id': ['Choose a department you manage.'] });
    throw error;
  }
}

/** PUT /users/imports/{id}: a new mapping and/or options; the dry run, if any, no longer applies. */
export async function updateUserImport(
  deps: ImportDeps,
  ctx: AuthedContext,
  id: number,
  body: UpdateUserImportBody,
): Promise<UserImport> {
  const row = await visibleImport(deps, ctx, id);
  if (!isBeforeRun(row) || row.status === 'validating')
    throw conflict('This import has started: its mapping and options can no longer change.');
  const mapping = body.mapping ?? parseMapping(row.mapping);
  const options = { ...parseOptions(row.options), ...body.options };
  const fields = await loadCustomFields(deps.db, ctx.companyId);
  const errors = mappingErrors(mapping, parseHeaders(row.headers), new Set(fields.map((f) => f.key)), options);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  await checkDefaultDepartment(deps, ctx, options);
  await deps.db.transaction().execute(async (trx) => {
    await updateImport(trx, id, {
      mapping: JSON.stringify(mapping),
      options: JSON.stringify(options),
      status: 'uploaded',
      dry_run: null,
      processed_rows: 0,
      last_error: null,
    });
    await clearImportErrors(trx, id, 'dry_run');
    await audit(trx, ctx, {
      action: 'import.update',
      entityType: 'import',
      entityId: id,
      before: { mapping: parseMapping(row.mapping), options: parseOptions(row.options) },
      after: { mapping, options },
    });
  });
  return presentImport(deps.db, await visibleImport(deps, ctx, id));
}

/** Queues the import's job and records who started it (their rank and departments apply). */
async function startJob(
  deps: ImportDeps,
  ctx: AuthedContext,
  row: ImportRow,
  mode: 'dry_run' | 'run',
  changes: Updateable<ImportsTable>,
) {
  await deps.db.transaction().execute(async (trx) => {
    const job = await enqueue(trx, {
      type: USERS_IMPORT_JOB,
      payload: { import_id: row.id, mode },
      companyId: ctx.companyId,
      createdBy: ctx.user.id,
      now: ctx.now(),
    });
    await updateImport(trx, row.id, {
      ...changes,
      job_id: job.id,
      last_error: null,
      run_by: ctx.user.id,
      run_impersonator_id: ctx.impersonatorId,
      run_ip: ctx.ip,
    });
    await audit(trx, ctx, {
      action: mode === 'run' ? 'import.run' : 'import.dry_run',
      entityType: 'import',
      entityId: row.id,
      after: { job_id: job.id, resumed: mode === 'run' && row.started_at !== null },
    });
  });
  return presentImport(deps.db, await visibleImport(deps, ctx, row.id));
}

/** POST /users/imports/{id}/dry-run. */
export async function dryRunUserImport(deps: ImportDeps, ctx: AuthedContext, id: number): Promise<UserImport> {
  const row = await visibleImport(deps, ctx, id);
  if (!isBeforeRun(row)) {
    throw conflict(
      row.status === 'validating'
        ? 'A dry run of this import is under way.'
        : 'This import has started: a dry run no longer applies.',
    );
  }
  await checkSetup(deps, ctx, row);
  return startJob(deps, ctx, row, 'dry_run', { status: 'validating', processed_rows: 0, dry_run: null });
}

/**
 * POST /users/imports/{id}/run: starts the import, or resumes one that failed or whose job died
 * (rows already applied are skipped). Refused while it runs and once it has completed.
 */
export async function runUserImport(deps: ImportDeps, ctx: AuthedContext, id: number): Promise<UserImport> {
  const row = await visibleImport(deps, ctx, id);
  const { status } = effectiveStatus(row, await findJobState(deps.db, row.job_id));
  if (status === 'completed') throw conflict('This import has finished.');
  if (status === 'validating') throw conflict('Wait for the dry run to finish.');
  if (status === 'queued' || status === 'running') throw conflict('This import is already running.');
  await checkSetup(deps, ctx, row);
  const fresh = row.started_at === null;
  const start: Updateable<ImportsTable> = fresh
    ? { status: 'queued', stage: 'rows', last_row: 0, processed_rows: 0, started_at: iso(ctx.now()) }
    : { status: 'queued' };
  return startJob(deps, ctx, row, 'run', start);
}
