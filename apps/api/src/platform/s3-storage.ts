import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type FileStorage, assertStorageKey, localStorage } from './storage.ts';

/** An S3-compatible bucket (AWS, MinIO, Ceph RGW…) and where uploads wait before they are sent there. */
export interface S3StorageOptions {
  /** `https://s3.eu-west-1.amazonaws.com`, `http://minio:9000`… (a path after the host is kept). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** `endpoint/bucket/key` (MinIO, most self-hosted stores) instead of `bucket.endpoint/key` (AWS). */
  forcePathStyle?: boolean;
  /** Folder in the bucket every key lives under (`assets`, `course-media`…), without slashes at its ends. */
  prefix?: string;
  /** A local folder for staged uploads: a file is complete (size, first bytes, checks) before it is sent. */
  stagingDir: string;
  /** Files larger than this go by multipart upload (default 64 MiB). */
  multipartThreshold?: number;
  /** Part size for multipart uploads (default 16 MiB; S3's minimum is 5 MiB, at most 10,000 parts). */
  partSize?: number;
  /** Requests at once while sending parts or a folder's files (default 4). */
  concurrency?: number;
  /** Tests: an agent of their own (a resolver that sends virtual-host names to 127.0.0.1). */
  agent?: http.Agent;
}

/** A failure answered by the store: its HTTP status and S3 error code. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

const MiB = 1024 * 1024;
const UNSIGNED = 'UNSIGNED-PAYLOAD';
/** Longest silence before a request's answer begins (a part of 16 MiB is sent well within it). */
const RESPONSE_TIMEOUT_MS = 120_000;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (`encodeURIComponent` leaves `!'()*` alone). */
export const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignInput {
  method: string;
  host: string;
  /** The path as sent: already URI-encoded. */
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  date: Date;
}

/**
 * AWS Signature Version 4 for S3: returns every header the request must carry (`host` aside), the
 * `Authorization` header included. All given headers are signed.
 */
export function signRequest(input: SignInput): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = input.payloadHash;
  if (input.sessionToken) headers['x-amz-security-token'] = input.sessionToken;
  const all: Record<string, string> = { ...headers, host: input.host };
  const names = Object.keys(all).sort();
  const canonicalHeaders = names.map((n) => `${n}:${all[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalQuery = input.query
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

const xmlText = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-fA-F]+));/g, (_m, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[name]!;
  });
const xmlEscape = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? xmlText(m[1]!) : undefined;
};
const tags = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => xmlText(m[1]!));

async function readBody(response: IncomingMessage, limit = 4 * MiB): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs `work` over `items`, at most `limit` at once; the first failure stops the rest and is thrown. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const rejected = results.find((r) => r.status === 'rejected');
  if (rejected) throw (rejected as PromiseRejectedResult).reason;
}

/** Every file under `dir`, as slash-separated paths relative to it. */
async function filesUnder(dir: string, relative = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(dir, path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

interface Body {
  /** A fresh stream of the body for each attempt, or a small buffer. */
  source: Buffer | (() => Readable);
  length: number;
}

/**
 * Storage in an S3-compatible bucket (decision 086). Uploads are staged on local disk as with
 * `localStorage` (the size and first bytes are known, and the checks read the file, before anything is
 * sent), then streamed from disk with a Content-Length: one PUT, or a multipart upload past
 * `multipartThreshold`. A committed folder is one object per file under its key.
 */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const endpoint = new URL(options.endpoint);
  const secure = endpoint.protocol === 'https:';
  const agent = options.agent ?? new (secure ? https : http).Agent({ keepAlive: true, maxSockets: 16 });
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const host = options.forcePathStyle ? endpoint.host : `${options.bucket}.${endpoint.host}`;
  const bucketPath = options.forcePathStyle ? `${basePath}/${uriEncode(options.bucket)}` : basePath;
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const threshold = options.multipartThreshold ?? 64 * MiB;
  const concurrency = options.concurrency ?? 4;
  const staging = localStorage(options.stagingDir);

  const objectKey = (key: string) => {
    assertStorageKey(key);
    return prefix + key;
  };
  const objectPath = (objectName: string) => `${bucketPath}/${objectName.split('/').map(uriEncode).join('/')}`;

  /** One signed request; network failures and 500/503 answers are tried again (every body can be re-sent). */
  async function request(
    method: string,
    path: string,
    query: [string, string][] = [],
    headers: Record<string, string> = {},
    body?: Body,
  ): Promise<IncomingMessage> {
    const payloadHash = body === undefined ? sha256('') : Buffer.isBuffer(body.source) ? sha256(body.source) : UNSIGNED;
    for (let attempt = 1; ; attempt++) {
      const signed = signRequest({
        method,
        host,
        path: path || '/',
        query,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        payloadHash,
        region: options.region,
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
        sessionToken: options.sessionToken,
        date: new Date(),
      });
      const search = query.map(([k, v]) => (v === '' ? uriEncode(k) : `${uriEncode(k)}=${uriEncode(v)}`)).join('&');
      try {
        const response = await new Promise<IncomingMessage>((resolvePromise, reject) => {
          const req = (secure ? https : http).request(
            {
              protocol: endpoint.protocol,
              hostname: options.forcePathStyle ? endpoint.hostname : `${options.bucket}.${endpoint.hostname}`,
              port: endpoint.port || undefined,
              method,
              path: (path || '/') + (search ? `?${search}` : ''),
              headers: { ...signed, host },
              agent,
            },
            (response) => {
              // Only the wait for an answer is timed: a reader may pause a download for long.
              req.setTimeout(0);
              resolvePromise(response);
            },
          );
          req.setTimeout(RESPONSE_TIMEOUT_MS, () =>
            req.destroy(Object.assign(new Error(`S3 ${method} ${path}: no answer`), { code: 'ETIMEDOUT' })),
          );
          req.on('error', reject);
          if (!body) req.end();
          else if (Buffer.isBuffer(body.source)) req.end(body.source);
          else {
            const stream = body.source();
            stream.on('error', (error) => req.destroy(error));
            stream.pipe(req);
          }
        });
        if ((response.statusCode === 500 || response.statusCode === 503) && attempt < 3) {
          response.resume();
          await new Promise((r) => setTimeout(r, 200 * attempt));
          continue;
        }
        return response;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (attempt < 3 && (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT')) continue;
        throw error;
      }
    }
  }

  /** Throws the store's error for an answer that is not 2xx; returns the body of one that is. */
  async function expectOk(response: IncomingMessage, what: string): Promise<string> {
    const status = response.statusCode ?? 0;
    const text = await readBody(response);
    if (status >= 200 && status < 300) {
      // CompleteMultipartUpload and CopyObject may fail after a 200.
      if (/^\s*(<\?xml[^>]*>\s*)?<Error>/.test(text)) {
        throw new S3Error(
          status,
          tag(text, 'Code') ?? 'Error',
          `S3 ${what}: ${tag(text, 'Code')}: ${tag(text, 'Message')}`,
        );
      }
      return text;
    }
    const code = tag(text, 'Code') ?? `HTTP${status}`;
    throw new S3Error(
      status,
      code,
      `S3 ${what}: ${status} ${code}: ${tag(text, 'Message') ?? response.statusMessage ?? ''}`,
    );
  }

  async function putFile(objectName: string, file: string, size: number) {
    const path = objectPath(objectName);
    if (size <= threshold) {
      const response = await request(
        'PUT',
        path,
        [],
        { 'content-type': 'application/octet-stream' },
        { source: () => createReadStream(file), length: size },
      );
      await expectOk(response, `PUT ${objectName}`);
      return;
    }
    // At most 10,000 parts: parts grow with the file (a 5 TB object takes ~525 MiB parts).
    const partSize = Math.max(options.partSize ?? 16 * MiB, Math.ceil(size / 10_000 / MiB) * MiB);
    const created = await expectOk(
      await request('POST', path, [['uploads', '']], { 'content-type': 'application/octet-stream' }),
      `CreateMultipartUpload ${objectName}`,
    );
    const uploadId = tag(created, 'UploadId');
    if (!uploadId) throw new S3Error(0, 'InvalidResponse', `S3 CreateMultipartUpload ${objectName}: no UploadId`);
    const parts = Array.from({ length: Math.ceil(size / partSize) }, (_, i) => i + 1);
    const etags: string[] = [];
    try {
      await eachLimited(parts, concurrency, async (n) => {
        const start = (n - 1) * partSize;
        const end = Math.min(size, start + partSize) - 1;
        const response = await request(
          'PUT',
          path,
          [
            ['partNumber', String(n)],
            ['uploadId', uploadId],
          ],
          {},
          { source: () => createReadStream(file, { start, end }), length: end - start + 1 },
        );
        const etag = response.headers.etag;
        await expectOk(response, `UploadPart ${n} of ${objectName}`);
        if (!etag) throw new S3Error(0, 'InvalidResponse', `S3 UploadPart ${n} of ${objectName}: no ETag`);
        etags[n - 1] = etag;
      });
      const xml = `<CompleteMultipartUpload>${parts
        .map((n) => `<Part><PartNumber>${n}</PartNumber><ETag>${xmlEscape(etags[n - 1]!)}</ETag></Part>`)
        .join('')}</CompleteMultipartUpload>`;
      const source = Buffer.from(xml);
      await expectOk(
        await request(
          'POST',
          path,
          [['uploadId', uploadId]],
          { 'content-type': 'application/xml' },
          { source, length: source.length },
        ),
        `CompleteMultipartUpload ${objectName}`,
      );
    } catch (error) {
      await request('DELETE', path, [['uploadId', uploadId]])
        .then((r) => r.resume())
        .catch(() => undefined);
      throw error;
    }
  }

  async function deleteObject(objectName: string) {
    await expectOk(await request('DELETE', objectPath(objectName)), `DELETE ${objectName}`);
  }

  async function listKeys(under: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query: [string, string][] = [
        ['list-type', '2'],
        ['prefix', under],
      ];
      if (token) query.push(['continuation-token', token]);
      const xml = await expectOk(await request('GET', bucketPath || '/', query), `ListObjectsV2 ${under}`);
      keys.push(...tags(xml, 'Key'));
      token = tag(xml, 'IsTruncated') === 'true' ? tag(xml, 'NextContinuationToken') : undefined;
    } while (token);
    return keys;
  }

  let multiDelete = true;
  async function deleteMany(keys: string[]) {
    for (let i = 0; i < keys.length && multiDelete; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      const xml = `<Delete><Quiet>true</Quiet>${batch.map((k) => `<Object><Key>${xmlEscape(k)}</Key></Object>`).join('')}</Delete>`;
      const source = Buffer.from(xml);
      const response = await request(
        'POST',
        bucketPath || '/',
        [['delete', '']],
        { 'content-type': 'application/xml', 'content-md5': createHash('md5').update(source).digest('base64') },
        { source, length: source.length },
      );
      if (response.statusCode === 501) {
        // A store without DeleteObjects (GCS's interoperability API): one request per object.
        response.resume();
        multiDelete = false;
        break;
      }
      const result = await expectOk(response, 'DeleteObjects');
      const failed = [...result.matchAll(/<Error>([\s\S]*?)<\/Error>/g)];
      if (failed.length > 0) {
        const first = failed[0]![1]!;
        throw new S3Error(
          200,
          tag(first, 'Code') ?? 'Error',
          `S3 DeleteObjects: ${failed.length} not deleted, first ${tag(first, 'Key')}: ${tag(first, 'Code')}: ${tag(first, 'Message')}`,
        );
      }
      if (i + 1000 >= keys.length) return;
    }
    if (!multiDelete) await eachLimited(keys, concurrency, deleteObject);
  }

  /** A staged file or folder is committed to a local key first, then sent from there and removed. */
  const localPending = () => `pending-${randomBytes(12).toString('hex')}`;

  return {
    async stage(source, maxBytes) {
      const staged = await staging.stage(source, maxBytes);
      return {
        size: staged.size,
        head: staged.head,
        tooLarge: staged.tooLarge,
        read: staged.read,
        readAt: staged.readAt,
        discard: staged.discard,
        async commit(key) {
          const objectName = objectKey(key);
          if (staged.tooLarge) throw new Error('A file over its size limit cannot be committed.');
          const pending = localPending();
          await staged.commit(pending);
          const file = join(options.stagingDir, pending);
          try {
            await putFile(objectName, file, (await stat(file)).size);
          } finally {
            await rm(file, { force: true });
          }
        },
      };
    },

    async open(key, start = 0, end = undefined) {
      const objectName = objectKey(key);
      const ranged = start > 0 || end !== undefined;
      const response = await request(
        'GET',
        objectPath(objectName),
        [],
        ranged ? { range: `bytes=${start}-${end ?? ''}` } : {},
      );
      const status = response.statusCode ?? 0;
      if (status === 404) {
        response.resume();
        return null;
      }
      const total = /\/(\d+)\s*$/.exec(response.headers['content-range'] ?? '')?.[1];
      if (status === 416 && total !== undefined) {
        // Past the end: no bytes, as a local file read from past its end.
        response.resume();
        return { stream: Readable.from([]), size: Number(total) };
      }
      if (status === 200) return { stream: response, size: Number(response.headers['content-length'] ?? 0) };
      if (status === 206 && total !== undefined) return { stream: response, size: Number(total) };
      await expectOk(response, `GET ${objectName}`);
      response.destroy();
      throw new S3Error(status, 'InvalidResponse', `S3 GET ${objectName}: unexpected ${status}`);
    },

    async remove(key) {
      await deleteObject(objectKey(key));
    },

    async stageDirectory() {
      const folder = await staging.stageDirectory();
      return {
        write: folder.write,
        discard: folder.discard,
        async commit(key) {
          const under = `${objectKey(key)}/`;
          const pending = localPending();
          await folder.commit(pending);
          const dir = join(options.stagingDir, pending);
          const sent: string[] = [];
          try {
            const files = await filesUnder(dir);
            await eachLimited(files, concurrency * 2, async (path) => {
              const file = join(dir, ...path.split('/'));
              await putFile(under + path, file, (await stat(file)).size);
              sent.push(under + path);
            });
          } catch (error) {
            // Not all of it: take back what was sent, so a failed commit leaves nothing under the key.
            await deleteMany(sent).catch(() => undefined);
            throw error;
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      };
    },

    async removeTree(key) {
      const under = `${objectKey(key)}/`;
      // Listing again until nothing is left: a store's listing may lag its deletes.
      for (let pass = 0; pass < 3; pass++) {
        const keys = await listKeys(under);
        if (keys.length === 0) return;
        await deleteMany(keys);
      }
    },
  };
}
