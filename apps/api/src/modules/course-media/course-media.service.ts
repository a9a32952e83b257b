import {
  type CourseMedia,
  type ListCourseMediaQuery,
  MEDIA_KINDS,
  MEDIA_MESSAGES,
  MEDIA_RULES,
  type MediaKind,
  type PageMeta,
  mediaContentUrl,
  SCORM_VERSIONS,
  type ScormVersion,
} from '@heed/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { FileRefusedError } from '../../platform/files/file-limits.ts';
import { AppError, type FieldErrors, invalid, invalidField, notFound } from '../../platform/errors.ts';
import { type FileStorage, randomKeyPart, safeFileName } from '../../platform/storage.ts';
import {
  type MediaRow,
  attemptsOnVersionsPlaying,
  deleteMediaRow,
  findMedia,
  insertMedia,
  listMedia as listMediaRows,
} from './course-media.repository.ts';
import { type ReceivedMedia, detectMediaType, receiveMedia } from './media-upload.ts';
import { checkPackage, unpackPackage } from './scorm-package.ts';

export interface MediaDeps {
  db: Kysely<Database>;
  storage: FileStorage;
}

export function toCourseMedia(row: MediaRow): CourseMedia {
  return {
    id: row.id,
    kind: (MEDIA_KINDS as readonly string[]).includes(row.kind) ? (row.kind as MediaKind) : 'video',
    original_name: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    scorm_version: (SCORM_VERSIONS as readonly string[]).includes(row.scorm_version ?? '')
      ? (row.scorm_version as ScormVersion)
      : null,
    launch_path: row.launch_path,
    title: row.title,
    file_count: row.file_count,
    content_url: mediaContentUrl(row),
    topics: Number(row.topics),
    created_at: row.created_at,
  };
}

/** The kind and file of an upload, checked: which kind, a file, its size, and its real type by its first bytes. */
function checkUpload(upload: ReceivedMedia) {
  const errors: FieldErrors = {};
  if (!upload.kind) errors.kind = [MEDIA_MESSAGES.kindRequired];
  if (!upload.file) errors.file = [MEDIA_MESSAGES.fileRequired];
  else if (upload.file.staged.size === 0) errors.file = [MEDIA_MESSAGES.empty];
  if (!upload.kind || !upload.file || errors.file) throw invalid(errors);
  const { kind, file } = upload;
  if (file.staged.tooLarge || file.staged.size > MEDIA_RULES[kind].maxBytes) {
    const message = MEDIA_MESSAGES.tooLarge(kind);
    throw new AppError(413, message, { file: [message] });
  }
  const detected = detectMediaType(kind, file.staged.head);
  if (!detected) throw invalidField('file', MEDIA_MESSAGES.wrongType(kind));
  return { kind, file, detected };
}

type Checked = ReturnType<typeof checkUpload>;

interface Placed {
  key: string;
  scorm: { version: ScormVersion; launchPath: string; title: string | null; fileCount: number } | null;
  remove(): Promise<void>;
}

/** A video or document: the staged file renamed into place. */
async function placeFile(deps: MediaDeps, checked: Checked): Promise<Placed> {
  const stem = safeFileName(checked.file.name.replace(/\.[^.]*$/, ''));
  const key = `${checked.kind}/${randomKeyPart()}-${stem}.${checked.detected.extension}`;
  await checked.file.staged.commit(key);
  return { key, scorm: null, remove: () => deps.storage.remove(key) };
}

/** A SCORM package: checked, unpacked into a staged folder, the folder renamed into place; the zip is not kept. */
async function placePackage(deps: MediaDeps, checked: Checked): Promise<Placed> {
  const staged = checked.file.staged;
  const archive = {
    size: staged.size,
    read: (start: number) => staged.read(start),
    readAt: (start: number, length: number) => staged.readAt(start, length),
  };
  const folder = await deps.storage.stageDirectory();
  try {
    const pkg = await checkPackage(archive);
    await unpackPackage(archive, pkg, folder);
    const key = `scorm/${randomKeyPart()}-${safeFileName(checked.file.name.replace(/\.[^.]*$/, ''))}`;
    await folder.commit(key);
    await staged.discard();
    return {
      key,
      scorm: {
        version: pkg.manifest.version,
        launchPath: pkg.manifest.launchHref.replace(/^\.\//, ''),
        title: pkg.manifest.title,
        fileCount: pkg.files.length,
      },
      remove: () => deps.storage.removeTree(key),
    };
  } catch (error) {
    await folder.discard();
    if (error instanceof FileRefusedError) throw invalidField('file', error.message);
    throw error;
  }
}

/**
 * POST /course-media: the file streamed to a staging place, checked, moved into place whole (a SCORM
 * package unpacked first), then its row and audit entry in one transaction. A refusal at any step
 * leaves nothing on disk and no row.
 */
export async function uploadMedia(deps: MediaDeps, ctx: AuthedContext, req: FastifyRequest): Promise<CourseMedia> {
  const upload = await receiveMedia(req, deps.storage);
  let checked: Checked;
  let placed: Placed;
  try {
    checked = checkUpload(upload);
    placed = checked.kind === 'scorm' ? await placePackage(deps, checked) : await placeFile(deps, checked);
  } catch (error) {
    await upload.file?.staged.discard();
    throw error;
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const id = await insertMedia(trx, {
        kind: checked.kind,
        storage_path: placed.key,
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
        original_name: checked.file.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'file',
        mime: checked.detected.mime,
        size: checked.file.staged.size,
        scorm_version: placed.scorm?.version ?? null,
        launch_path: placed.scorm?.launchPath.slice(0, 512) ?? null,
        title: placed.scorm?.title ?? null,
        file_count: placed.scorm?.fileCount ?? null,
        created_by: ctx.actorId,
        created_at: iso(ctx.now()),
      });
      const media = toCourseMedia((await findMedia(trx, id))!);
      await audit(trx, ctx, {
        action: 'course_media.upload',
        entityType: 'course_media',
        entityId: id,
        companyId: null,
        after: media,
      });
      return media;
    });
  } catch (error) {
    await placed.remove();
    throw error;
  }
}

export async function listMedia(
  db: Kysely<Database>,
  query: ListCourseMediaQuery,
): Promise<{ data: CourseMedia[]; meta: PageMeta }> {
  const { rows, total } = await listMediaRows(db, query);
  return {
    data: rows.map(toCourseMedia),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

export async function getMedia(db: Kysely<Database>, id: number): Promise<CourseMedia> {
  const row = await findMedia(db, id);
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  return toCourseMedia(row);
}

/** DELETE /course-media/{id}: refused while a topic plays it; the files go once the row's delete has committed. */
export async function deleteMedia(deps: MediaDeps, ctx: AuthedContext, id: number): Promise<{ id: number }> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const found = await findMedia(trx, id);
    if (!found) throw notFound(MEDIA_MESSAGES.notFound);
    const topics = Number(found.topics);
    if (topics > 0) {
      const message = MEDIA_MESSAGES.inUse(topics);
      throw new AppError(422, message, { id: [message] });
    }
    const attempts = await attemptsOnVersionsPlaying(trx, id);
    if (attempts > 0) {
      const message = MEDIA_MESSAGES.inAttempts(attempts);
      throw new AppError(422, message, { id: [message] });
    }
    await deleteMediaRow(trx, id);
    await audit(trx, ctx, {
      action: 'course_media.delete',
      entityType: 'course_media',
      entityId: id,
      companyId: null,
      before: toCourseMedia(found),
    });
    return found;
  });
  if (row.kind === 'scorm') await deps.storage.removeTree(row.storage_path);
  else await deps.storage.remove(row.storage_path);
  return { id };
}
