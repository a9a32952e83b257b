import {
  DEFAULT_IMPORT_OPTIONS,
  type ImportOptions,
  ROLE,
  type UserImport,
  type UserImportSummary,
} from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { type FileStorage, randomKeyPart, safeFileName } from '../../platform/storage.ts';
import { pageMeta } from '../users/index.ts';
import { autoMap } from './auto-mapping.ts';
import type { CsvEncoding } from '../../platform/files/csv-reader.ts';
import { loadCustomFields } from './import-lookups.repository.ts';
import { type SourceSpec, detectCsvDelimiter, readFileHead } from './import-source.ts';
import { type ReceivedImportFile, receiveImportFile } from './import-upload.ts';
import { toImportSummary, toUserImport } from './users-import.mapper.ts';
import {
  type ImportRow,
  findJobState,
  findUserNames,
  findVisibleImport,
  insertImport,
  listImports,
} from './users-import.repository.ts';
import { FileRefusedError, READ_LIMITS, isTimeout } from '../../platform/files/file-limits.ts';

export interface ImportDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  storage: FileStorage;
}

const SAMPLE_ROWS = 5;

/** Department Managers see the imports they made; Company Managers and site admins the company's. */
const ownerFilter = (ctx: AuthedContext) =>
  ctx.user.site_admin !== 1 && ctx.user.role === ROLE.DepartmentManager ? ctx.user.id : null;

/** The import as the caller may see it, or 404 (another company's, another manager's, or none). */
export async function visibleImport(deps: ImportDeps, ctx: AuthedContext, id: number): Promise<ImportRow> {
  const row = await findVisibleImport(deps.db, ctx.companyId, ownerFilter(ctx), id);
  if (!row) throw notFound();
  return row;
}

export async function presentImport(db: Kysely<Database>, row: ImportRow): Promise<UserImport> {
  const [names, job] = await Promise.all([
    findUserNames(db, row.created_by === null ? [] : [row.created_by]),
    findJobState(db, row.job_id),
  ]);
  return toUserImport(row, row.created_by === null ? null : (names.get(row.created_by) ?? null), job);
}

const SLOW_HEAD = `The file's first rows could not be read within ${READ_LIMITS.headReadMs / 1000} seconds; the file was not read.`;

/** The preview, read within the read limits and a time budget; a file past them answers 422 on the field `file`. */
async function readHead(deps: ImportDeps, spec: SourceSpec) {
  try {
    return await readFileHead(deps.storage, spec, SAMPLE_ROWS, AbortSignal.timeout(READ_LIMITS.headReadMs));
  } catch (error) {
    if (error instanceof FileRefusedError) throw invalidField('file', error.message);
    if (isTimeout(error)) throw invalidField('file', SLOW_HEAD);
    throw error;
  }
}

/** The name as uploaded, for showing: control characters (a NUL, a line break) dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const shownFileName = (name: string) => name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 255) || 'upload';

/** What the file is: format, encoding and delimiter (CSV), its columns and first rows. Refuses what cannot be imported. */
async function inspect(deps: ImportDeps, file: ReceivedImportFile, key: string) {
  const kind = file.probe.kind();
  if (file.staged.size === 0) throw invalidField('file', 'The file is empty.');
  if (kind === 'xls')
    throw invalidField('file', 'Save the workbook as XLSX or CSV: the old .xls format cannot be read.');
  if (kind === 'binary') throw invalidField('file', 'Upload a CSV or XLSX file (CSV as UTF-8 or Latin-1 text).');
  await file.staged.commit(key);
  const encoding: CsvEncoding | null = kind === 'csv' ? (file.probe.isUtf8() ? 'utf-8' : 'windows-1252') : null;
  const spec: SourceSpec = {
    key,
    format: kind,
    encoding,
    delimiter: encoding ? await detectCsvDelimiter(deps.storage, key, encoding) : null,
  };
  const head = await readHead(deps, spec);
  if (head.headers.length === 0) throw invalidField('file', 'The file is empty.');
  if (head.sample.length === 0) throw invalidField('file', 'The file has a header row but no rows of users below it.');
  const total = kind === 'csv' ? Math.max(0, file.probe.records() - 1) : (head.dimensionRows ?? 0);
  return { spec, head, total };
}

/**
 * POST /users/imports: stores the file, reads its columns and first rows, maps the columns it
 * recognises, and records the import (audited). The file is kept for the dry run and the run.
 */
export async function uploadImport(deps: ImportDeps, ctx: AuthedContext, req: FastifyRequest): Promise<UserImport> {
  const file = await receiveImportFile(req, deps.storage);
  const fileName = shownFileName(file.name);
  const key = `${ctx.companyId}/${randomKeyPart()}-${safeFileName(fileName)}`;
  let inspected: Awaited<ReturnType<typeof inspect>>;
  try {
    inspected = await inspect(deps, file, key);
  } catch (error) {
    await file.staged.discard();
    await deps.storage.remove(key);
    throw error;
  }
  const { spec, head, total } = inspected;
  const customFields = await loadCustomFields(deps.db, ctx.companyId);
  const mapping = autoMap(head.headers, customFields);
  const options: ImportOptions = {
    ...DEFAULT_IMPORT_OPTIONS,
    match_by: mapping.includes('email') || !mapping.includes('username') ? 'email' : 'username',
  };
  const now = iso(ctx.now());
  const id = await deps.db.transaction().execute(async (trx) => {
    const importId = await insertImport(trx, {
      company_id: ctx.companyId,
      created_by: ctx.user.id,
      file_name: fileName,
      file_path: key,
      format: spec.format,
      status: 'uploaded',
      options: JSON.stringify(options),
      mapping: JSON.stringify(mapping),
      total_rows: total,
      created_at: now,
      file_size: file.staged.size,
      delimiter: spec.delimiter,
      encoding: spec.encoding,
      headers: JSON.stringify(head.headers),
      sample: JSON.stringify(head.sample),
    });
    await audit(trx, ctx, {
      action: 'import.create',
      entityType: 'import',
      entityId: importId,
      after: { file_name: fileName, format: spec.format, size: file.staged.size, rows: total, mapping },
    });
    return importId;
  });
  return presentImport(deps.db, await visibleImport(deps, ctx, id));
}

export async function getImport(deps: ImportDeps, ctx: AuthedContext, id: number): Promise<UserImport> {
  return presentImport(deps.db, await visibleImport(deps, ctx, id));
}

/** GET /users/imports: newest first. */
export async function listUserImports(
  deps: ImportDeps,
  ctx: AuthedContext,
  query: { page: number; per_page: number },
): Promise<{ data: UserImportSummary[]; meta: ReturnType<typeof pageMeta> }> {
  const { rows, total } = await listImports(deps.db, ctx.companyId, ownerFilter(ctx), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const jobs = await Promise.all(rows.map((row) => findJobState(deps.db, row.job_id)));
  const data = rows.map((row, index) => {
    const creator = row.creator_first_name === null ? null : `${row.creator_first_name} ${row.creator_last_name}`;
    return toImportSummary(row, creator, jobs[index]);
  });
  return { data, meta: pageMeta(query.page, query.per_page, total) };
}
