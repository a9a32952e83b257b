import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** A ZIP file read in passes, each from where it needs to start (the file is never held in memory). */
export interface Archive {
  /** The file's size in bytes. */
  size: number;
  /** The file's bytes from offset `start` to its end. */
  read(start: number): Promise<Readable>;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  localOffset: number;
}

export class ZipFormatError extends Error {}

/** End of central directory: signature, then the directory's size and offset. Ends within the last 64 KiB + 22 bytes. */
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SEARCH_BYTES = 65_535 + 22;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** Directories of files with thousands of entries still fit; an XLSX has a dozen. */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

/** `length` bytes of the archive from `start`. */
async function readRange(archive: Archive, start: number, length: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let held = 0;
  const stream = await archive.read(start);
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      held += (chunk as Buffer).length;
      if (held >= length) break;
    }
  } finally {
    stream.destroy();
  }
  if (held < length) throw new ZipFormatError('The workbook ends early: upload it again.');
  return Buffer.concat(chunks).subarray(0, length);
}

/**
 * The entries of a ZIP archive, from its central directory (authoritative even when local headers
 * leave sizes out, as streaming writers do): two short reads, the file's end and the directory.
 */
export async function listZipEntries(archive: Archive): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(archive.size, EOCD_SEARCH_BYTES);
  const tail = await readRange(archive, archive.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('The file is not a readable XLSX workbook.');
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset === 0xffffffff || count === 0xffff || directorySize > MAX_DIRECTORY_BYTES)
    throw new ZipFormatError('The workbook is too large to read; save it as CSV.');
  if (directoryOffset + directorySize > archive.size)
    throw new ZipFormatError('The file is not a readable XLSX workbook.');
  const directory = await readRange(archive, directoryOffset, directorySize);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipFormatError('The file is not a readable XLSX workbook.');
    const nameLength = directory.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      localOffset: directory.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new ZipFormatError('The workbook is too large to read; save it as CSV.');
    entries.set(entry.name, entry);
    at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}

/** The compressed bytes of one entry, from a stream that starts at its local header. */
async function* entryData(source: Readable, entry: ZipEntry): AsyncGenerator<Buffer> {
  let header: Buffer | null = Buffer.alloc(0);
  let remaining = entry.compressedSize;
  try {
    for await (const raw of source) {
      let chunk = raw as Buffer;
      if (header) {
        header = Buffer.concat([header, chunk]);
        if (header.length < 30) continue;
        if (header.readUInt32LE(0) !== LOCAL_SIGNATURE)
          throw new ZipFormatError('The file is not a readable XLSX workbook.');
        const dataStart = 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
        if (header.length < dataStart) continue;
        chunk = header.subarray(dataStart);
        header = null;
      }
      const piece = chunk.subarray(0, remaining);
      remaining -= piece.length;
      if (piece.length > 0) yield piece;
      if (remaining === 0) return;
    }
    if (remaining > 0) throw new ZipFormatError('The workbook ends early: upload it again.');
  } finally {
    source.destroy();
  }
}

/** One entry's uncompressed content, streamed. */
export async function openZipEntry(archive: Archive, entry: ZipEntry): Promise<Readable> {
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipFormatError('The workbook uses a compression Heed cannot read; save it as CSV.');
  if (entry.localOffset >= archive.size) throw new ZipFormatError('The file is not a readable XLSX workbook.');
  const data = Readable.from(entryData(await archive.read(entry.localOffset), entry));
  if (entry.method === 0) return data;
  const inflate = createInflateRaw();
  data.on('error', (error) => inflate.destroy(error));
  // A reader that stops early destroys the inflater; that closes the file too (a pipe would only pause it).
  inflate.once('close', () => data.destroy());
  return data.pipe(inflate);
}
