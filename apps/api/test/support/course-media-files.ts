import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { ZipWriter } from '../../src/platform/files/zip-writer.ts';
import type { TestClient } from './client.ts';

// Files for the course media tests and the SCORM bench: multipart bodies, small media of each kind,
// patches that make a zip hostile, and a large SCORM package written to disk a piece at a time.

/** A multipart/form-data body with the fields `kind` and `file`. */
export function mediaUpload(kind: string | null, content: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = `----heed${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (kind !== null)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Posts an upload as a site admin would; answers the response. */
export function postMedia(client: TestClient, kind: string | null, content: Buffer, filename: string) {
  const upload = mediaUpload(kind, content, filename);
  return client.post('/api/v3/course-media', upload.body, { headers: upload.headers });
}

/** The first bytes of an MP4 (an ftyp box) and then `size` bytes of counting data, so ranges are checkable. */
export function mp4Of(size: number): Buffer {
  const file = Buffer.alloc(size);
  for (let i = 0; i < size; i++) file[i] = i % 251;
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(file);
  return file;
}

/** An EBML header whose DocType is webm. */
export const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(200, 1),
]);

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

function centralHeader(zip: Buffer, name: string): number {
  const key = Buffer.from(name);
  for (let at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at--) {
    if (zip.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = zip.readUInt16LE(at + 28);
    if (nameLength === key.length && zip.subarray(at + 46, at + 46 + nameLength).equals(key)) return at;
  }
  throw new Error(`No entry ${name}`);
}

/** Marks `name` as a Unix symbolic link in the central directory (as `zip --symlinks` writes one). */
export function markSymlink(zip: Buffer, name: string): Buffer {
  const copy = Buffer.from(zip);
  const at = centralHeader(copy, name);
  copy.writeUInt8(3, at + 5); // made by: Unix
  copy.writeUInt32LE((0o120777 << 16) >>> 0, at + 38);
  return copy;
}

/**
 * A SCORM 1.2 package of `pieces` stored files of `pieceBytes` random bytes each (it does not compress)
 * around a manifest and a launch page, written to `path` as it is made: never held in memory.
 */
export async function writeLargePackage(path: string, pieces: number, pieceBytes: number): Promise<number> {
  const out = createWriteStream(path);
  const zip = new ZipWriter(out);
  const add = async (name: string, content: Buffer | string) => {
    zip.addFile(name, content);
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  await add(
    'imsmanifest.xml',
    `<?xml version="1.0"?><manifest identifier="big" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"><metadata><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>Big</title><item identifier="i" identifierref="r"/></organization></organizations><resources><resource identifier="r" adlcp:scormtype="sco" href="index.html"/></resources></manifest>`,
  );
  await add('index.html', '<!DOCTYPE html><html><head><title>Big</title></head><body>Big</body></html>');
  for (let i = 0; i < pieces; i++) await add(`media/piece-${i}.bin`, randomBytes(pieceBytes));
  const finished = once(out, 'close');
  zip.finish();
  await finished;
  return out.bytesWritten;
}
