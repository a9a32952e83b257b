import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** Opens the archive from its first byte; called once per pass (the file is read, never held in memory). */
export type OpenArchive = () => Promise<Readable>;

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
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** Directories of files with thousands of entries still fit; an XLSX has a dozen. */
const MAX_TAIL_BYTES = 4 * 1024 * 1024;

async function readTail(open: OpenArchive): Promise<{ tail: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let held = 0;
  let size = 0;
  for await (const chunk of await open()) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    held += buffer.length;
    size += buffer.length;
    while (held - (chunks[0]?.length ?? 0) >= MAX_TAIL_BYTES) held -= chunks.shift()!.length;
  }
  return { tail: Buffer.concat(chunks), size };
}

/**
 * The entries of a ZIP archive, from its central directory (authoritative even when local headers
 * leave sizes out, as streaming writers do). One pass over the file keeps only its tail.
 */
export async function listZipEntries(open: OpenArchive): Promise<Map<string, ZipEntry>> {
  const { tail, size } = await readTail(open);
  const tailStart = size - tail.length;
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 65_535); i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('The file is not a readable XLSX workbook.');
  const count = tail.readUInt16LE(eocd + 10);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset === 0xffffffff || count === 0xffff)
    throw new ZipFormatError('The workbook is too large to read; save it as CSV.');
  let at = directoryOffset - tailStart;
  if (at < 0) throw new ZipFormatError('The workbook is too large to read; save it as CSV.');
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > tail.length || tail.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw new ZipFormatError('The file is not a readable XLSX workbook.');
    const nameLength = tail.readUInt16LE(at + 28);
    const entry: ZipEntry = {
      name: tail.toString('utf8', at + 46, at + 46 + nameLength),
      method: tail.readUInt16LE(at + 10),
      compressedSize: tail.readUInt32LE(at + 20),
      localOffset: tail.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new ZipFormatError('The workbook is too large to read; save it as CSV.');
    entries.set(entry.name, entry);
    at += 46 + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
  }
  return entries;
}

/** The compressed bytes of one entry: skips to its local header, then passes exactly its data. */
async function* entryData(source: Readable, entry: ZipEntry): AsyncGenerator<Buffer> {
  let position = 0;
  let header: Buffer | null = Buffer.alloc(0);
  let remaining = entry.compressedSize;
  try {
    for await (const raw of source) {
      let chunk = raw as Buffer;
      const end = position + chunk.length;
      if (end <= entry.localOffset) {
        position = end;
        continue;
      }
      if (position < entry.localOffset) chunk = chunk.subarray(entry.localOffset - position);
      position = end;
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
export async function openZipEntry(open: OpenArchive, entry: ZipEntry): Promise<Readable> {
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipFormatError('The workbook uses a compression Heed cannot read; save it as CSV.');
  const data = Readable.from(entryData(await open(), entry));
  if (entry.method === 0) return data;
  const inflate = createInflateRaw();
  data.on('error', (error) => inflate.destroy(error));
  return data.pipe(inflate);
}
