import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Enough leading bytes to recognise every file type we accept. */
const HEAD_BYTES = 64;

/** A file written to a temporary place: nothing is visible under its key until `commit`. */
export interface StagedFile {
  /** Bytes received (past `maxBytes` they are counted but not kept). */
  readonly size: number;
  /** The first bytes, for checking the real file type. */
  readonly head: Buffer;
  /** True when the source was larger than `maxBytes`; the staged copy is already gone. */
  readonly tooLarge: boolean;
  commit(key: string): Promise<void>;
  discard(): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. Local disk today; shared storage at scale implements the same three
 * calls. Keys are relative, slash-separated paths chosen by the server, never by the client.
 */
export interface FileStorage {
  /** Streams `source` to a temporary file, keeping at most `maxBytes` (the rest is drained and dropped). */
  stage(source: Readable, maxBytes: number): Promise<StagedFile>;
  /** The file's bytes from offset `start` (0: all of them), and its size. */
  open(key: string, start?: number): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
}

/** A file name safe on any disk and in a URL: letters, digits, dot, dash, underscore; at most 80 chars. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+/g, '-');
  return cleaned.slice(-80) || 'file';
}

/** A fresh random prefix, so two uploads of the same name never collide. */
export const randomKeyPart = () => randomBytes(8).toString('hex');

/** Local-disk storage under `root`; temporary files sit in `root/.tmp` so that commit is an atomic rename. */
export function localStorage(root: string): FileStorage {
  const base = resolve(root);
  const tmpDir = join(base, '.tmp');

  const pathOf = (key: string): string => {
    const segments = key.split('/');
    const bad = isAbsolute(key) || key.includes('\\') || key.includes('\0');
    if (bad || segments.some((s) => s === '' || s === '.' || s === '..' || s === '.tmp')) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    const full = resolve(base, ...segments);
    if (!full.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };

  return {
    async stage(source, maxBytes) {
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomBytes(12).toString('hex'));
      let size = 0;
      let head = Buffer.alloc(0);
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          size += chunk.length;
          // Past the limit keep reading (so the request completes) but write nothing more.
          callback(null, size > maxBytes ? undefined : chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(tmp, { flags: 'wx' }));
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      const tooLarge = size > maxBytes;
      if (tooLarge) await rm(tmp, { force: true });
      return {
        size,
        head,
        tooLarge,
        async commit(key) {
          if (tooLarge) throw new Error('A file over its size limit cannot be committed.');
          const target = pathOf(key);
          await mkdir(dirname(target), { recursive: true });
          await rename(tmp, target);
        },
        discard: () => rm(tmp, { force: true }),
      };
    },

    async open(key, start = 0) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(path, { start }), size: info.size };
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
