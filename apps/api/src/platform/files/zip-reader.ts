import { Readable, Transform } from 'node:stream';
import { promisify } from 'node:util';
import { createInflateRaw, inflateRaw } from 'node:zlib';
import { FileRefusedError, megabytes } from './file-limits.ts';

// A ZIP reader for files people upload (XLSX workbooks today, SCORM packages next): it never holds
// the file, and it refuses what only a hostile file does. Every entry opened is guarded: its output is
// counted against an absolute limit, against its compressed size (a decompression bomb inflates a
// thousand to one; real XML ten to one) and against the size the central directory declares.

/** A ZIP file read in passes, each from where it needs to start (the file is never held in memory). */
export interface Archive {
  /** The file's size in bytes. */
  size: number;
  /** The file's bytes from offset `start` to its end. */
  read(start: number): Promise<Readable>;
  /** Up to `length` bytes at `start` in one positional read (optional: small entries are read faster with it). */
  readAt?(start: number, length: number): Promise<Buffer>;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** The uncompressed size the central directory declares; the entry's output may not exceed it. */
  size: number;
  localOffset: number;
  /** The Unix file type and permission bits when a Unix tool wrote the entry (0 otherwise): a symbolic link is `S_IFLNK`. */
  unixMode: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
/** True for an entry that a Unix zip tool stored as a symbolic link (its data is the link's target). */
export const isSymlink = (entry: ZipEntry) => (entry.unixMode & S_IFMT) === S_IFLNK;

/** A file that is not a ZIP archive Heed can read, or one it refuses (limits below). */
export class ZipFormatError extends FileRefusedError {}

const MiB = 1024 * 1024;

/** The limits every reader of an uploaded ZIP shares (decision 044). Callers choose an entry's `maxBytes` below `entryBytes`. */
export const ZIP_LIMITS = {
  /** Entries in the central directory: an XLSX has a dozen (a SCORM package asks for more through `ZipReadOptions.maxEntries`). */
  maxEntries: 10_000,
  /** The central directory itself. */
  directoryBytes: 4 * MiB,
  /** An entry's uncompressed size, whatever the caller asks. */
  entryBytes: 1024 * MiB,
  /** Parts read whole (workbook.xml, relationships, manifests). */
  smallEntryBytes: MiB,
  /** Output per compressed byte: real XML deflates 7–12 to 1 (decision 044), bombs 300–1,000 to 1. */
  maxRatio: 100,
  /** Output below which the ratio is not checked: a small part of repeated markup may deflate further. */
  ratioGraceBytes: MiB,
} as const;

export interface ZipReadOptions {
  /** What the file is, for messages: "XLSX workbook", "SCORM package". */
  label?: string;
  /** Entries accepted in the central directory (default `ZIP_LIMITS.maxEntries`). */
  maxEntries?: number;
}

export interface EntryReadOptions {
  /** Largest output accepted (default and ceiling: `ZIP_LIMITS.entryBytes`). */
  maxBytes?: number;
  /** The entry as the person who uploaded the file knows it ("The workbook's sheet"); default: its name. */
  part?: string;
  /** Checked as output arrives: a cancelled job stops inflating. */
  signal?: AbortSignal;
}

/** End of central directory: signature, then the directory's size and offset. Ends within the last 64 KiB + 22 bytes. */
const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SEARCH_BYTES = 65_535 + 22;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_32 = 0xffffffff;

const unreadable = (label: string) => new ZipFormatError(`The file is not a readable ${label}.`);
const endsEarly = () => new ZipFormatError('The file ends early: upload it again.');
const tooLargeToRead = (label: string) =>
  new ZipFormatError(`The ${label} is too large to read (ZIP64 archives are not supported).`);

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
  if (held < length) throw endsEarly();
  return Buffer.concat(chunks).subarray(0, length);
}

/** The central directory's location, from the end of central directory record. */
async function findDirectory(archive: Archive, label: string, maxEntries: number) {
  const tailLength = Math.min(archive.size, EOCD_SEARCH_BYTES);
  const tail = await readRange(archive, archive.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable(label);
  const count = tail.readUInt16LE(eocd + 10);
  const size = tail.readUInt32LE(eocd + 12);
  const offset = tail.readUInt32LE(eocd + 16);
  if (offset === MAX_32 || count === 0xffff) throw tooLargeToRead(label);
  // The directory's size bounds it too: about 46 bytes and a name per entry (4 MiB per 10,000 entries).
  if (
    count > maxEntries ||
    size > (ZIP_LIMITS.directoryBytes * Math.max(maxEntries, ZIP_LIMITS.maxEntries)) / ZIP_LIMITS.maxEntries
  )
    throw new ZipFormatError(
      `The ${label} holds more than ${maxEntries.toLocaleString('en-US')} files; it was not read.`,
    );
  if (offset + size > archive.size) throw unreadable(label);
  return { count, size, offset };
}

/**
 * The entries of a ZIP archive, from its central directory (authoritative even when local headers
 * leave sizes out, as streaming writers do): two short reads, the file's end and the directory.
 */
export async function listZipEntries(archive: Archive, options: ZipReadOptions = {}): Promise<Map<string, ZipEntry>> {
  const label = options.label ?? 'ZIP archive';
  const { count, size, offset } = await findDirectory(archive, label, options.maxEntries ?? ZIP_LIMITS.maxEntries);
  const directory = await readRange(archive, offset, size);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw unreadable(label);
    const nameLength = directory.readUInt16LE(at + 28);
    // Version made by: its high byte names the host; 3 is Unix, whose mode sits in the external attributes' high half.
    const unix = directory.readUInt8(at + 5) === 3;
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      unixMode: unix ? directory.readUInt32LE(at + 38) >>> 16 : 0,
    };
    if (entry.compressedSize === MAX_32 || entry.size === MAX_32 || entry.localOffset === MAX_32)
      throw tooLargeToRead(label);
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
        if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipFormatError(`${entry.name} is not readable.`);
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
    if (remaining > 0) throw endsEarly();
  } finally {
    source.destroy();
  }
}

const exceeds = (part: string, maxBytes: number) =>
  new ZipFormatError(`${part} unpacks to more than ${megabytes(maxBytes)}, more than Heed reads; it was not read.`);
const bomb = (part: string) =>
  new ZipFormatError(
    `${part} is compressed more than ${ZIP_LIMITS.maxRatio} to 1, as only a decompression bomb is; it was not read.`,
  );
const largerThanDeclared = (part: string) =>
  new ZipFormatError(`${part} is larger than the archive's directory says: the file is damaged.`);

/** Refuses an entry from its declared sizes, before inflating a byte. */
function checkDeclared(entry: ZipEntry, part: string, maxBytes: number): void {
  if (entry.size > maxBytes) throw exceeds(part, maxBytes);
  if (entry.size > ZIP_LIMITS.ratioGraceBytes && entry.size > ZIP_LIMITS.maxRatio * entry.compressedSize)
    throw bomb(part);
}

/** Counts an entry's output as it passes, failing past its limits; `consumed` is the compressed bytes inflated so far. */
function outputGuard(entry: ZipEntry, part: string, maxBytes: number, consumed: () => number, signal?: AbortSignal) {
  let output = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      output += chunk.length;
      let error: Error | null = null;
      if (signal?.aborted) error = signal.reason instanceof Error ? signal.reason : new Error('Aborted.');
      else if (output > maxBytes) error = exceeds(part, maxBytes);
      else if (output > entry.size) error = largerThanDeclared(part);
      else if (output > ZIP_LIMITS.ratioGraceBytes && output > ZIP_LIMITS.maxRatio * Math.max(1, consumed()))
        error = bomb(part);
      callback(error, error ? undefined : chunk);
    },
  });
}

/** One entry's uncompressed content, streamed, within the limits. */
export async function openZipEntry(
  archive: Archive,
  entry: ZipEntry,
  options: EntryReadOptions = {},
): Promise<Readable> {
  const part = options.part ?? entry.name;
  const maxBytes = Math.min(options.maxBytes ?? ZIP_LIMITS.entryBytes, ZIP_LIMITS.entryBytes);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipFormatError(`${part} uses a compression Heed cannot read.`);
  if (entry.localOffset >= archive.size) throw new ZipFormatError(`${part} is not readable.`);
  checkDeclared(entry, part, maxBytes);
  options.signal?.throwIfAborted();
  // Not object mode: the inflater then pulls a chunk at a time, so its input count is close to what it has inflated.
  const data = Readable.from(entryData(await archive.read(entry.localOffset), entry), { objectMode: false });
  const inflate = entry.method === 8 ? createInflateRaw() : null;
  const consumed = inflate ? () => inflate.bytesWritten : () => Number.POSITIVE_INFINITY;
  const guard = outputGuard(entry, part, maxBytes, consumed, options.signal);
  data.on('error', (error) => guard.destroy(error));
  // A damaged deflate stream is a damaged file, not a server error.
  inflate?.on('error', () => guard.destroy(new ZipFormatError(`${part} is damaged and cannot be unpacked.`)));
  // A reader that stops early destroys the guard; that ends the inflater and closes the file too (a pipe would only pause them).
  guard.once('close', () => {
    inflate?.destroy();
    data.destroy();
  });
  (inflate ? data.pipe(inflate) : data).pipe(guard);
  return guard;
}

const inflateRawAsync = promisify(inflateRaw);

/** Entries at most this large (declared, and compressed) may be read whole by `readSmallZipEntry`. */
export const SMALL_ENTRY_BYTES = ZIP_LIMITS.ratioGraceBytes;

/**
 * A small entry's content in one positional read and one inflate on the thread pool, for archives of
 * thousands of small files (a SCORM package's pages, scripts and images), where a stream per entry costs
 * more than the entry. Only for entries whose declared size and compressed size are at most
 * `SMALL_ENTRY_BYTES` (below the ratio's grace, so only the declared size bounds the output); others,
 * and archives without `readAt`, go through `openZipEntry`.
 */
export async function readSmallZipEntry(
  archive: Archive,
  entry: ZipEntry,
  options: EntryReadOptions = {},
): Promise<Buffer> {
  const part = options.part ?? entry.name;
  if (!archive.readAt || entry.size > SMALL_ENTRY_BYTES || entry.compressedSize > SMALL_ENTRY_BYTES) {
    const chunks: Buffer[] = [];
    for await (const chunk of await openZipEntry(archive, entry, options)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipFormatError(`${part} uses a compression Heed cannot read.`);
  options.signal?.throwIfAborted();
  // The local header's name and extra field may differ from the directory's: read its fixed part first.
  const header = await archive.readAt(entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE)
    throw new ZipFormatError(`${part} is not readable.`);
  const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = await archive.readAt(dataStart, entry.compressedSize);
  if (data.length < entry.compressedSize) throw endsEarly();
  let output: Buffer;
  if (entry.method === 0) output = data;
  else {
    try {
      output = await inflateRawAsync(data, { maxOutputLength: Math.max(1, entry.size) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw largerThanDeclared(part);
      throw new ZipFormatError(`${part} is damaged and cannot be unpacked.`);
    }
  }
  if (output.length > entry.size) throw largerThanDeclared(part);
  return output;
}

/** A small entry read whole (a workbook's parts list, a manifest): at most `maxBytes`, `ZIP_LIMITS.smallEntryBytes` by default. */
export async function readZipText(archive: Archive, entry: ZipEntry, options: EntryReadOptions = {}): Promise<string> {
  const chunks: Buffer[] = [];
  const maxBytes = options.maxBytes ?? ZIP_LIMITS.smallEntryBytes;
  for await (const chunk of await openZipEntry(archive, entry, { ...options, maxBytes })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
