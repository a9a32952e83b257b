import { finished } from 'node:stream/promises';
import { MAX_IMPORT_BYTES } from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { FileStorage, StagedFile } from '../../platform/storage.ts';
import { type FileProbe, probeFile } from '../../platform/files/file-probe.ts';

export interface ReceivedImportFile {
  staged: StagedFile;
  name: string;
  probe: FileProbe;
}

const UNREADABLE = 'The upload could not be read: send multipart/form-data with the field file.';
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const TOO_LARGE = `The file is too large: an import may be at most ${megabytes(MAX_IMPORT_BYTES)}.`;

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
 * Streams the `file` part of a multipart request to a staging file, watching its bytes go by
 * (type, encoding, a record count). Its own size limit replaces the server's default for uploads.
 */
export async function receiveImportFile(req: FastifyRequest, storage: FileStorage): Promise<ReceivedImportFile> {
  if (!req.isMultipart()) throw invalidField('file', UNREADABLE);
  let received: ReceivedImportFile | null = null;
  // One byte over the limit tells "exactly at the limit" from "over it".
  const options = { limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1 }, throwFileSizeLimit: false };
  try {
    for await (const part of req.parts(options)) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        await finished(part.file);
        continue;
      }
      const probe = probeFile();
      part.file.on('error', (error) => probe.stream.destroy(error));
      const staged = await storage.stage(part.file.pipe(probe.stream), MAX_IMPORT_BYTES);
      received = { staged, name: part.filename, probe };
    }
  } catch (error) {
    await received?.staged.discard();
    throw uploadError(error);
  }
  if (!received) throw invalidField('file', 'Choose a CSV or XLSX file to upload.');
  if (received.staged.tooLarge) throw new AppError(413, TOO_LARGE, { file: [TOO_LARGE] });
  return received;
}
