import { finished } from 'node:stream/promises';
import { ASSET_RULES, ASSET_TYPES, type AssetType, MAX_ASSET_BYTES } from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { FileStorage, StagedFile } from '../../platform/storage.ts';

export interface ReceivedUpload {
  /** Undefined when no `type` field came; null when it named no asset type. */
  type: AssetType | null | undefined;
  file: { staged: StagedFile; name: string } | null;
}

const UNREADABLE = 'The upload could not be read: send multipart/form-data with the fields type and file.';

const isAssetType = (value: unknown): value is AssetType => ASSET_TYPES.includes(value as AssetType);

/** The multipart plugin's own errors, in our words. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError(413, 'Upload one file at a time.', { file: ['Upload one file at a time.'] });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(413, 'The upload has too many fields.');
  return invalidField('file', UNREADABLE);
}

/**
 * Reads `type` and `file` from a multipart request in either order, streaming the file to a
 * staging area: with the type known first, only that type's size limit is kept; otherwise the
 * largest limit, and the caller checks the type's own afterwards.
 */
export async function receiveUpload(req: FastifyRequest, storage: FileStorage): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw invalidField('file', UNREADABLE);
  const upload: ReceivedUpload = { type: undefined, file: null };
  // One byte over the largest limit lets the stage tell "exactly at the limit" from "over it".
  const options = { limits: { fileSize: MAX_ASSET_BYTES + 1 }, throwFileSizeLimit: false };
  try {
    for await (const part of req.parts(options)) {
      if (part.type === 'field') {
        if (part.fieldname === 'type') upload.type = isAssetType(part.value) ? part.value : null;
        continue;
      }
      if (part.fieldname !== 'file' || upload.file) {
        part.file.resume();
        await finished(part.file);
        continue;
      }
      const limit = upload.type ? ASSET_RULES[upload.type].maxBytes : MAX_ASSET_BYTES;
      upload.file = { staged: await storage.stage(part.file, limit), name: part.filename };
    }
  } catch (error) {
    await upload.file?.staged.discard();
    throw uploadError(error);
  }
  return upload;
}
