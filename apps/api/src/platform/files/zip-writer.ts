import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type DeflateRaw, constants, crc32, createDeflateRaw } from 'node:zlib';

// A ZIP archive written front to back into a stream, for downloads made as they are sent: small
// entries stored whole, one large entry deflated as it comes (its sizes follow it in a data
// descriptor). No ZIP64: an archive past 4 GiB fails rather than being written wrong.

const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
/** Version 2.0: deflate and data descriptors. */
const VERSION = 20;
/** General purpose flag bit 3: crc and sizes come in a data descriptor after the data. */
const HAS_DESCRIPTOR = 0x0008;
const STORED = 0;
const DEFLATED = 8;
const MAX_32 = 0xffffffff;

interface Entry {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** A streamed entry's input side: `write` resolves when there is room for more. */
export interface ZipEntryStream {
  write(data: Buffer, signal?: AbortSignal): Promise<void>;
  end(signal?: AbortSignal): Promise<void>;
}

/** Now as MS-DOS date and time (local fields of the headers), the way ZIP tools show it. */
function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function checked32(value: number): number {
  if (value > MAX_32) throw new Error('The ZIP archive grew past 4 GiB, which needs ZIP64.');
  return value;
}

/**
 * Writes entries one after the other into `out`, then the central directory on `finish()`. Only one
 * entry is open at a time. Backpressure: `addFile` is for a few kilobytes and ignores it; a streamed
 * entry's `write` waits once more than `backlogBytes` wait in front of the compressor, so that the
 * compressor (on libuv's thread pool) works on one chunk while the caller prepares the next.
 */
export class ZipWriter {
  readonly #out: Writable;
  readonly #entries: Entry[] = [];
  readonly #stamp = dosDateTime(new Date());
  #offset = 0;

  constructor(out: Writable) {
    this.#out = out;
  }

  #write(data: Buffer): boolean {
    this.#offset += data.length;
    return this.#out.write(data);
  }

  /**
   * The fields a local header and a central directory header share, in the same order from `at`:
   * flags, method, time, date, crc, compressed size, size, name length.
   */
  #writeEntryFields(header: Buffer, entry: Entry, at: number): void {
    header.writeUInt16LE(entry.flags, at);
    header.writeUInt16LE(entry.method, at + 2);
    header.writeUInt16LE(this.#stamp.time, at + 4);
    header.writeUInt16LE(this.#stamp.date, at + 6);
    header.writeUInt32LE(entry.crc, at + 8);
    header.writeUInt32LE(entry.compressedSize, at + 12);
    header.writeUInt32LE(entry.size, at + 16);
    header.writeUInt16LE(entry.name.length, at + 20);
  }

  #localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_SIGNATURE, 0);
    header.writeUInt16LE(VERSION, 4);
    this.#writeEntryFields(header, entry, 6);
    return Buffer.concat([header, entry.name]);
  }

  /** A small entry, stored uncompressed with its sizes in its header. */
  addFile(name: string, content: string | Buffer): void {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const entry: Entry = {
      name: Buffer.from(name),
      method: STORED,
      flags: 0,
      crc: crc32(data),
      compressedSize: data.length,
      size: data.length,
      offset: checked32(this.#offset),
    };
    this.#entries.push(entry);
    this.#write(this.#localHeader(entry));
    this.#write(data);
  }

  /** A large entry, deflated at `level` (1: fastest) as it is written. */
  openDeflated(name: string, options: { level?: number; backlogBytes: number }): ZipEntryStream {
    const entry: Entry = {
      name: Buffer.from(name),
      method: DEFLATED,
      flags: HAS_DESCRIPTOR,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: checked32(this.#offset),
    };
    this.#entries.push(entry);
    this.#write(this.#localHeader(entry));
    const deflate: DeflateRaw = createDeflateRaw({
      level: options.level ?? constants.Z_BEST_SPEED,
      chunkSize: 256 * 1024,
    });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressedSize += chunk.length;
      this.#offset += chunk.length;
    });
    deflate.pipe(this.#out, { end: false });
    // An error reaches the caller through the next write or end; this keeps it off the process.
    deflate.on('error', (error) => this.#out.destroy(error));
    // A client gone frees the compressor at once.
    this.#out.once('close', () => deflate.destroy());
    return {
      write: async (data, signal) => {
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        // Past the stream's own 16 KiB mark `write` asks for a drain; wait for it only past the backlog.
        deflate.write(data);
        if (deflate.writableLength > options.backlogBytes) await once(deflate, 'drain', { signal });
      },
      end: async (signal) => {
        deflate.end();
        await once(deflate, 'end', { signal });
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(DESCRIPTOR_SIGNATURE, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(checked32(entry.compressedSize), 8);
        descriptor.writeUInt32LE(checked32(entry.size), 12);
        this.#write(descriptor);
      },
    };
  }

  /** The central directory and its end record; ends `out`. */
  finish(): void {
    const directoryOffset = checked32(this.#offset);
    for (const entry of this.#entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_SIGNATURE, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      this.#writeEntryFields(header, entry, 8);
      header.writeUInt32LE(entry.offset, 42);
      this.#write(Buffer.concat([header, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_SIGNATURE, 0);
    end.writeUInt16LE(this.#entries.length, 8);
    end.writeUInt16LE(this.#entries.length, 10);
    end.writeUInt32LE(checked32(this.#offset - directoryOffset), 12);
    end.writeUInt32LE(directoryOffset, 16);
    this.#out.end(end);
  }
}
