import { ASSET_RULES, ASSET_TYPES, ASSET_TYPE_LABELS, type Asset, type AssetType, SVG_MIME } from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, type FieldErrors, invalid, notFound } from '../../platform/errors.ts';
import { type FileStorage, randomKeyPart, safeFileName } from '../../platform/storage.ts';
import { type ReceivedUpload, receiveUpload } from './asset-upload.ts';
import {
  type AssetRow,
  deleteAssetRow,
  findAsset,
  insertAsset,
  listAssets as listAssetRows,
} from './assets.repository.ts';
import { findAssetUsages } from './assets-usage.repository.ts';
import { assetFileUrl } from './companies.mapper.ts';
import { detectFileType } from './file-type.ts';
import { checkSvg } from './svg-check.ts';

export interface AssetDeps {
  db: Kysely<Database>;
  storage: FileStorage;
}

function toAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    type: row.type as AssetType,
    path: row.path,
    url: assetFileUrl(row.path),
    name: row.original_name,
    mime: row.mime,
    size: row.size,
    created_at: row.created_at,
  };
}

const lower = (type: AssetType) => ASSET_TYPE_LABELS[type].toLowerCase();
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Checks an upload against its type's rules: size, then the real file type from its first bytes. */
function checkUpload(upload: ReceivedUpload) {
  const errors: FieldErrors = {};
  if (!upload.type) errors.type = [`Choose the asset type: ${ASSET_TYPES.join(', ')}.`];
  if (!upload.file) errors.file = ['Choose a file to upload.'];
  else if (upload.file.staged.size === 0) errors.file = ['The file is empty.'];
  if (!upload.type || !upload.file || errors.file) throw invalid(errors);
  const { type, file } = upload;
  const rule = ASSET_RULES[type];
  if (file.staged.tooLarge || file.staged.size > rule.maxBytes) {
    const message = `The file is too large: a ${lower(type)} may be at most ${megabytes(rule.maxBytes)}.`;
    throw new AppError(413, message, { file: [message] });
  }
  const detected = detectFileType(file.staged.head);
  if (!detected || !rule.mimes.includes(detected.mime)) {
    throw invalid({ file: [`A ${lower(type)} must be ${rule.accepts}.`] });
  }
  return { type, file, detected };
}

async function readAll(file: ReceivedUpload['file']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await (file?.staged.read(0) ?? Promise.reject(new Error('no file'))))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** An SVG is read whole (at most a logo's 2 MB) and refused unless it is a plain drawing. */
async function checkSvgUpload(file: ReceivedUpload['file']) {
  const problem = checkSvg(await readAll(file));
  if (problem) {
    throw invalid({
      file: [
        `This SVG was refused: it holds ${problem}. Export it as a plain drawing, or as a PNG, and upload it again.`,
      ],
    });
  }
}

/** Control characters never reach the stored name (it is shown and sent in headers). */
const displayName = (name: string) =>
  name
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 255) || 'file';

/** Stores an upload under `<company>/<type>/<random>-<name>`; never leaves a partial or orphan file. */
export async function uploadAsset(deps: AssetDeps, ctx: AuthedContext, req: FastifyRequest): Promise<Asset> {
  const upload = await receiveUpload(req, deps.storage);
  let key: string;
  let checked: ReturnType<typeof checkUpload>;
  try {
    checked = checkUpload(upload);
    if (checked.detected.mime === SVG_MIME) await checkSvgUpload(checked.file);
    const stem = safeFileName(checked.file.name.replace(/\.[^.]*$/, ''));
    key = `${ctx.companyId}/${checked.type}/${randomKeyPart()}-${stem}.${checked.detected.extension}`;
    await checked.file.staged.commit(key);
  } catch (error) {
    await upload.file?.staged.discard();
    throw error;
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const row = await insertAsset(trx, {
        company_id: ctx.companyId,
        type: checked.type,
        path: key,
        original_name: displayName(checked.file.name),
        mime: checked.detected.mime,
        size: checked.file.staged.size,
        created_by: ctx.actorId,
        created_at: iso(ctx.now()),
      });
      const asset = toAsset(row);
      await audit(trx, ctx, { action: 'asset.upload', entityType: 'asset', entityId: row.id, after: asset });
      return asset;
    });
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
}

export async function listAssets(db: Kysely<Database>, ctx: AuthedContext, type?: AssetType): Promise<Asset[]> {
  return (await listAssetRows(db, ctx.companyId, type)).map(toAsset);
}

function usageLines(usages: Awaited<ReturnType<typeof findAssetUsages>>): string[] {
  return [
    ...(usages.branding ? ["The company's logo (Edit Company)"] : []),
    ...usages.thumbnails.map((course) => `The thumbnail of the course "${course}"`),
    ...usages.topics.map((t) => `The topic "${t.topic}" of the course "${t.course}"`),
  ];
}

/** Deletes an asset of the company in scope; another company's path answers 404 like a missing one. */
export async function deleteAsset(deps: AssetDeps, ctx: AuthedContext, path: string): Promise<void> {
  const row = await findAsset(deps.db, ctx.companyId, path);
  if (!row) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    const users = usageLines(await findAssetUsages(trx, ctx.companyId, row.path));
    if (users.length > 0) {
      throw new AppError(409, `"${row.original_name}" is in use and was not deleted. Stop using it first.`, {
        path: users,
      });
    }
    await deleteAssetRow(trx, row.id);
    await audit(trx, ctx, { action: 'asset.delete', entityType: 'asset', entityId: row.id, before: toAsset(row) });
  });
  // The row is the record; the file goes once the delete has committed.
  await deps.storage.remove(row.path);
}
