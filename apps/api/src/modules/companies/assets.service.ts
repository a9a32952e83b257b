import { ASSET_RULES, ASSET_TYPE_LABELS, type Asset, type AssetType, endpointUrl, endpoints } from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, type FieldErrors, invalid, notFound } from '../../platform/errors.ts';
import { type FileStorage, type StoredFile, randomKeyPart, safeFileName } from '../../platform/storage.ts';
import { type ReceivedUpload, receiveUpload } from './asset-upload.ts';
import {
  type AssetRow,
  deleteAssetRow,
  findAsset,
  insertAsset,
  listAssets as listAssetRows,
} from './assets.repository.ts';
import { detectFileType } from './file-type.ts';

export interface AssetDeps {
  db: Kysely<Database>;
  storage: FileStorage;
}

const fileUrl = endpointUrl(endpoints.getAssetFile);

function toAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    type: row.type as AssetType,
    path: row.path,
    url: `${fileUrl}?path=${encodeURIComponent(row.path)}`,
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
  if (!upload.type) errors.type = ['Choose the asset type: logo, certificate_background or policy_document.'];
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

/** Stores an upload under `<company>/<type>/<random>-<name>`; never leaves a partial or orphan file. */
export async function uploadAsset(deps: AssetDeps, ctx: AuthedContext, req: FastifyRequest): Promise<Asset> {
  const upload = await receiveUpload(req, deps.storage);
  let key: string;
  let checked: ReturnType<typeof checkUpload>;
  try {
    checked = checkUpload(upload);
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
        original_name: checked.file.name.slice(0, 255) || 'file',
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

/** Deletes an asset of the company in scope; another company's path answers 404 like a missing one. */
export async function deleteAsset(deps: AssetDeps, ctx: AuthedContext, path: string): Promise<void> {
  const row = await findAsset(deps.db, ctx.companyId, path);
  if (!row) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    await deleteAssetRow(trx, row.id);
    await audit(trx, ctx, { action: 'asset.delete', entityType: 'asset', entityId: row.id, before: toAsset(row) });
  });
  // The row is the record; the file goes once the delete has committed.
  await deps.storage.remove(row.path);
}

/** An asset file for anyone signed in to its company; site admins read any company's. */
export async function openAsset(
  deps: AssetDeps,
  ctx: AuthedContext,
  path: string,
): Promise<{ asset: Asset; file: StoredFile }> {
  const row = await findAsset(deps.db, ctx.user.site_admin === 1 ? null : ctx.user.company_id, path);
  const file = row ? await deps.storage.open(row.path) : null;
  if (!row || !file) throw notFound();
  return { asset: toAsset(row), file };
}
