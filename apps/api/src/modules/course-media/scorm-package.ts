import { MEDIA_MESSAGES, SCORM_LIMITS } from '@heed/contract';
import { FileRefusedError } from '../../platform/files/file-limits.ts';
import {
  type Archive,
  ZIP_LIMITS,
  type ZipEntry,
  isSymlink,
  SMALL_ENTRY_BYTES,
  listZipEntries,
  openZipEntry,
  readSmallZipEntry,
  readZipText,
} from '../../platform/files/zip-reader.ts';
import type { StagedDirectory } from '../../platform/storage.ts';
import { type ScormManifest, parseManifest } from './scorm-manifest.ts';

// A SCORM package as it is checked and unpacked (decision 061): its directory first (names, links,
// counts, declared sizes), then its manifest, then every file streamed into a staged folder, each
// guarded while it inflates. Anything refused throws a FileRefusedError whose message the uploader sees.

const LABEL = 'SCORM package';
const MANIFEST = 'imsmanifest.xml';
/** A manifest is read whole; real ones are tens of KiB, a large course's a few hundred. */
const MANIFEST_BYTES = 4 * 1024 * 1024;

export interface CheckedPackage {
  manifest: ScormManifest;
  /** Files to unpack, by their path in the package. */
  files: { path: string; entry: ZipEntry }[];
  unpackedBytes: number;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An entry's path in the package, or null for a folder entry; refuses names that leave the package or are links. */
function pathOf(entry: ZipEntry): string | null {
  const name = entry.name.replace(/\\/g, '/');
  if (CONTROL.test(name)) throw new FileRefusedError(MEDIA_MESSAGES.badName(name.replace(CONTROL, '?')));
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) throw new FileRefusedError(MEDIA_MESSAGES.absolutePath(name));
  const segments = name.split('/');
  if (segments.includes('..')) throw new FileRefusedError(MEDIA_MESSAGES.pathEscapes(name));
  if (isSymlink(entry)) throw new FileRefusedError(MEDIA_MESSAGES.symlink(name));
  if (name.endsWith('/')) return null;
  const path = segments.filter((s) => s !== '' && s !== '.').join('/');
  return path === '' ? null : path;
}

/** Reads the package's directory and manifest; refuses it before a byte is unpacked when anything is wrong. */
export async function checkPackage(archive: Archive): Promise<CheckedPackage> {
  const entries = await listZipEntries(archive, { label: LABEL, maxEntries: SCORM_LIMITS.maxEntries });
  const files: CheckedPackage['files'] = [];
  const seen = new Set<string>();
  let unpackedBytes = 0;
  let packedBytes = 0;
  for (const entry of entries.values()) {
    const path = pathOf(entry);
    if (path === null) continue;
    if (seen.has(path.toLowerCase())) throw new FileRefusedError(MEDIA_MESSAGES.duplicate(path));
    seen.add(path.toLowerCase());
    files.push({ path, entry });
    unpackedBytes += entry.size;
    packedBytes += entry.compressedSize;
  }
  if (unpackedBytes > SCORM_LIMITS.maxUnpackedBytes) throw new FileRefusedError(MEDIA_MESSAGES.tooLargeUnpacked);
  if (unpackedBytes > ZIP_LIMITS.ratioGraceBytes && unpackedBytes > SCORM_LIMITS.maxRatio * Math.max(1, packedBytes))
    throw new FileRefusedError(MEDIA_MESSAGES.bomb);

  const manifestEntry = files.find((f) => f.path.toLowerCase() === MANIFEST)?.entry;
  if (!manifestEntry) throw new FileRefusedError(MEDIA_MESSAGES.noManifest);
  const manifest = parseManifest(
    await readZipText(archive, manifestEntry, { maxBytes: MANIFEST_BYTES, part: 'The package’s imsmanifest.xml' }),
  );
  if (/^[a-z][a-z0-9+.-]*:/i.test(manifest.launchFile) || manifest.launchFile.startsWith('/'))
    throw new FileRefusedError(MEDIA_MESSAGES.launchMissing(manifest.launchHref));
  if (!files.some((f) => f.path === manifest.launchFile))
    throw new FileRefusedError(MEDIA_MESSAGES.launchMissing(manifest.launchFile));
  return { manifest, files, unpackedBytes };
}

/**
 * Writes every file of a checked package into `folder`, one at a time, each within its declared size and
 * the ratio: small files read whole in one positional read, larger ones streamed.
 */
export async function unpackPackage(archive: Archive, checked: CheckedPackage, folder: StagedDirectory): Promise<void> {
  for (const { path, entry } of checked.files) {
    const options = { maxBytes: ZIP_LIMITS.entryBytes, part: `The package’s file “${path}”` };
    const small = entry.size <= SMALL_ENTRY_BYTES && entry.compressedSize <= SMALL_ENTRY_BYTES;
    const content = small
      ? await readSmallZipEntry(archive, entry, options)
      : await openZipEntry(archive, entry, options);
    try {
      await folder.write(path, content);
    } catch (error) {
      if (error instanceof FileRefusedError) throw error;
      // Two entries for one file, or a name the disk cannot hold.
      throw new FileRefusedError(MEDIA_MESSAGES.badName(path));
    }
  }
}
