import { finished } from 'node:stream/promises';
import { MEDIA_KINDS, MEDIA_RULES, type MediaKind } from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { FileStorage, StagedFile } from '../../platform/storage.ts';

export interface ReceivedMedia {
  /** Undefined when no `kind` field came before the file or at all; null when it named no kind. */
  kind: MediaKind | null | undefined;
  file: { staged: StagedFile; name: string } | null;
}

const UNREADABLE = 'The upload could not be read: send multipart/form-data with the fields kind and file.';
const LARGEST = Math.max(...Object.values(MEDIA_RULES).map((rule) => rule.maxBytes));

const isKind = (value: unknown): value is MediaKind => MEDIA_KINDS.includes(value as MediaKind);

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
 * Reads `kind` and `file` from a multipart request, streaming the file to a staging file (never held
 * in memory). With the kind sent first only its limit is kept; otherwise the largest, and the caller
 * checks the kind's own afterwards.
 */
export async function receiveMedia(req: FastifyRequest, storage: FileStorage): Promise<ReceivedMedia> {
  if (!req.isMultipart()) throw invalidField('file', UNREADABLE);
  const upload: ReceivedMedia = { kind: undefined, file: null };
  // One byte over the largest limit tells "exactly at the limit" from "over it".
  const options = { limits: { fileSize: LARGEST + 1, files: 1, fields: 5 }, throwFileSizeLimit: false };
  try {
    for await (const part of req.parts(options)) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') upload.kind = isKind(part.value) ? part.value : null;
        continue;
      }
      if (part.fieldname !== 'file' || upload.file) {
        part.file.resume();
        await finished(part.file);
        continue;
      }
      const limit = upload.kind ? MEDIA_RULES[upload.kind].maxBytes : LARGEST;
      upload.file = { staged: await storage.stage(part.file, limit), name: part.filename };
    }
  } catch (error) {
    await upload.file?.staged.discard();
    throw uploadError(error);
  }
  return upload;
}

/** The file types media may have, from their first bytes (never the name or the declared type). */
export function detectMediaType(kind: MediaKind, head: Buffer): { mime: string; extension: string } | null {
  if (kind === 'video') {
    if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return { mime: 'video/mp4', extension: 'mp4' };
    // WebM is Matroska (EBML) whose DocType is "webm", within the header's first bytes.
    if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) && head.includes('webm'))
      return { mime: 'video/webm', extension: 'webm' };
    return null;
  }
  if (kind === 'document')
    return head.toString('latin1', 0, 5) === '%PDF-' ? { mime: 'application/pdf', extension: 'pdf' } : null;
  const zip = head.toString('latin1', 0, 4);
  return zip === 'PK\u0003\u0004' || zip === 'PK\u0005\u0006' ? { mime: 'application/zip', extension: 'zip' } : null;
}
