import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
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
  /** The staged bytes from offset `start` (to read an archive in passes before committing it). */
  read(start: number): Promise<Readable>;
  /** Up to `length` staged bytes at `start`, through one file handle kept open until commit or discard. */
  readAt(start: number, length: number): Promise<Buffer>;
}

/**
 * A folder filled in a temporary place (a SCORM package being unpacked): nothing is visible under its
 * key until `commit` renames the whole folder into place at once.
 */
export interface StagedDirectory {
  /** Writes `source` (streamed, or a small buffer) to `path` (slash-separated, relative) in the folder; an existing file there is an error. */
  write(path: string, source: Readable | Buffer): Promise<void>;
  commit(key: string): Promise<void>;
  discard(): Promise<void>;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live: local disk (`localStorage`, the default) or an S3-compatible bucket
 * (`s3Storage`, decision 086), chosen by `storageArea` from the configuration. Keys are relative,
 * slash-separated paths chosen by the server, never by the client.
 */
export interface FileStorage {
  /** Streams `source` to a temporary file, keeping at most `maxBytes` (the rest is drained and dropped). */
  stage(source: Readable, maxBytes: number): Promise<StagedFile>;
  /** The file's bytes from offset `start` (0: all of them) to `end` (inclusive; default: its end), and its size. */
  open(key: string, start?: number, end?: number): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
  /** A temporary folder, committed whole under a key. */
  stageDirectory(): Promise<StagedDirectory>;
  /** Removes a committed folder and everything in it. */
  removeTree(key: string): Promise<void>;
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

/**
 * Keys are relative, slash-separated paths: no empty, `.`, `..` or `.tmp` segment, no backslash or NUL.
 * Every adapter refuses any other key with this error, before touching its store.
 */
export function assertStorageKey(key: string): void {
  const bad = isAbsolute(key) || key.startsWith('/') || key.includes('\\') || key.includes('\0');
  if (bad || key.split('/').some((s) => s === '' || s === '.' || s === '..' || s === '.tmp')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

/** Local-disk storage under `root`; temporary files sit in `root/.tmp` so that commit is an atomic rename. */
export function localStorage(root: string): FileStorage {
  const base = resolve(root);
  const tmpDir = join(base, '.tmp');

  const pathOf = (key: string): string => {
    assertStorageKey(key);
    const full = resolve(base, ...key.split('/'));
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
      let handle: Promise<FileHandle> | undefined;
      const close = async () => {
        const opened = handle;
        handle = undefined;
        await (await opened?.catch(() => undefined))?.close();
      };
      return {
        size,
        head,
        tooLarge,
        async commit(key) {
          if (tooLarge) throw new Error('A file over its size limit cannot be committed.');
          await close();
          const target = pathOf(key);
          await mkdir(dirname(target), { recursive: true });
          await rename(tmp, target);
        },
        async discard() {
          await close();
          await rm(tmp, { force: true });
        },
        read: async (start) => createReadStream(tmp, { start }),
        async readAt(start, length) {
          handle ??= open(tmp, 'r');
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await (await handle).read(buffer, 0, length, start);
          return buffer.subarray(0, bytesRead);
        },
      };
    },

    async open(key, start = 0, end = undefined) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(path, { start, ...(end === undefined ? {} : { end }) }), size: info.size };
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async stageDirectory() {
      await mkdir(tmpDir, { recursive: true });
      const folder = join(tmpDir, randomBytes(12).toString('hex'));
      await mkdir(folder);
      // Paths inside the folder follow the same rules as keys; it is checked against `folder`, not `base`.
      const made = new Set<string>();
      const inside = (path: string) => {
        const segments = path.split('/');
        if (
          isAbsolute(path) ||
          path.includes('\\') ||
          path.includes('\0') ||
          segments.some((s) => s === '' || s === '.' || s === '..')
        )
          throw new Error(`Invalid path in a staged folder: ${path}`);
        const full = resolve(folder, ...segments);
        if (!full.startsWith(folder + sep)) throw new Error(`Invalid path in a staged folder: ${path}`);
        return full;
      };
      return {
        async write(path, source) {
          const target = inside(path);
          if (!made.has(dirname(target))) {
            await mkdir(dirname(target), { recursive: true });
            made.add(dirname(target));
          }
          if (Buffer.isBuffer(source)) await writeFile(target, source, { flag: 'wx' });
          else await pipeline(source, createWriteStream(target, { flags: 'wx' }));
        },
        async commit(key) {
          const target = pathOf(key);
          await mkdir(dirname(target), { recursive: true });
          await rename(folder, target);
        },
        discard: () => rm(folder, { recursive: true, force: true }),
      };
    },

    async removeTree(key) {
      await rm(pathOf(key), { recursive: true, force: true });
    },
  };
}
