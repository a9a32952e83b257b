import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo, isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A minimal S3-compatible server for tests, on 127.0.0.1 and a random port: PUT, GET (with Range),
 * HEAD, DELETE, ListObjectsV2, DeleteObjects and multipart uploads, for one bucket, path-style or
 * virtual-host (`bucket.anything:port`). It VERIFIES each request's AWS Signature V4, written here
 * from the specification and apart from the adapter's signer, and the payload hash when one is signed.
 * Objects are files in a temporary folder, so a large upload does not sit in this process's memory.
 */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request: method, path and query as received, and whether its signature checked out. */
  log: { method: string; url: string; signed: boolean }[];
  /** The keys stored now, sorted. */
  keys(): string[];
  /** Answers the next `count` requests matching `match` with this status and S3 error (failure tests). */
  failNext(match: (method: string, url: string) => boolean, status: number, code: string, count?: number): void;
  close(): Promise<void>;
}

const MIN_PART = 5 * 1024 * 1024;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unesc = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startS3Server(
  options: { bucket?: string; region?: string; maxKeys?: number; minPartSize?: number } = {},
): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'heed-test';
  const region = options.region ?? 'eu-test-1';
  const accessKeyId = 'AKIDTEST';
  const secretAccessKey = randomBytes(20).toString('base64');
  const maxKeys = options.maxKeys ?? 1000;
  const minPart = options.minPartSize ?? MIN_PART;
  const dir = mkdtempSync(join(tmpdir(), 'heed-s3-'));
  const objects = new Map<string, { file: string; size: number; etag: string }>();
  const uploads = new Map<string, { key: string; parts: Map<number, { file: string; size: number; etag: string }> }>();
  const log: TestS3Server['log'] = [];
  const failures: { match: (method: string, url: string) => boolean; status: number; code: string; count: number }[] =
    [];
  const newFile = () => join(dir, randomBytes(12).toString('hex'));

  /** The signature check, from the SigV4 specification for S3 (header-based authorisation). */
  function verify(req: IncomingMessage, pathname: string, query: URLSearchParams) {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) throw new Refused(403, 'AccessDenied', 'No AWS4-HMAC-SHA256 authorisation.');
    const [, keyId, day, scopeRegion, signedHeaders, signature] = m as unknown as string[];
    if (keyId !== accessKeyId) throw new Refused(403, 'InvalidAccessKeyId', 'Unknown access key.');
    if (scopeRegion !== region) throw new Refused(400, 'AuthorizationHeaderMalformed', `Region must be ${region}.`);
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day)
      throw new Refused(403, 'AccessDenied', 'Bad x-amz-date.');
    const when = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    if (Math.abs(Date.now() - when) > 15 * 60_000) throw new Refused(403, 'RequestTimeTooSkewed', 'Clock skew.');
    const names = signedHeaders!.split(';');
    if (names.join(';') !== [...names].sort().join(';'))
      throw new Refused(403, 'SignatureDoesNotMatch', 'SignedHeaders must be sorted.');
    if (!names.includes('host') || !names.includes('x-amz-content-sha256') || !names.includes('x-amz-date'))
      throw new Refused(403, 'AccessDenied', 'host, x-amz-date and x-amz-content-sha256 must be signed.');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    const canonicalUri = pathname
      .split('/')
      .map((segment) => encode(decodeURIComponent(segment)))
      .join('/');
    const canonicalQuery = [...query.entries()]
      .map(([k, v]) => [encode(k), encode(v)])
      .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const canonicalHeaders = names
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/ +/g, ' ')}\n`,
      )
      .join('');
    const canonical = [req.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join(
      '\n',
    );
    const toSign = ['AWS4-HMAC-SHA256', amzDate, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join('\n');
    let key: Buffer = createHmac('sha256', `AWS4${secretAccessKey}`).update(day!).digest();
    for (const part of [region, 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
    const expected = createHmac('sha256', key).update(toSign).digest('hex');
    if (expected !== signature)
      throw new Refused(403, 'SignatureDoesNotMatch', 'The request signature does not match.');
    return payloadHash;
  }

  /** Streams the body to a new file, checking its length and (when signed) its SHA-256. */
  async function receive(req: IncomingMessage, payloadHash: string) {
    const declared = req.headers['content-length'];
    if (declared === undefined) throw new Refused(411, 'MissingContentLength', 'Content-Length is required.');
    const file = newFile();
    const hash = createHash('sha256');
    const md5 = createHash('md5');
    let size = 0;
    await pipeline(
      req,
      new Transform({
        transform(chunk: Buffer, _e, done) {
          size += chunk.length;
          hash.update(chunk);
          md5.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(file),
    );
    if (size !== Number(declared)) throw new Refused(400, 'IncompleteBody', 'Body shorter than Content-Length.');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && hash.digest('hex') !== payloadHash) {
      await rm(file, { force: true });
      throw new Refused(400, 'XAmzContentSHA256Mismatch', 'The payload hash does not match.');
    }
    return { file, size, etag: `"${md5.digest('hex')}"` };
  }

  async function smallBody(req: IncomingMessage, payloadHash: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && sha256(body) !== payloadHash)
      throw new Refused(400, 'XAmzContentSHA256Mismatch', 'The payload hash does not match.');
    return body;
  }

  const xml = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const host = String(req.headers.host ?? '');
    const hostName = host.replace(/:\d+$/, '');
    const virtual = hostName.startsWith(`${bucket}.`) && !isIP(hostName);
    const pathname = url.pathname;
    const segments = pathname.split('/').slice(1);
    const entry = { method: req.method ?? '', url: req.url ?? '', signed: false };
    log.push(entry);
    const failure = failures.find((f) => f.count > 0 && f.match(entry.method, entry.url));
    if (failure) {
      failure.count--;
      req.resume();
      return xml(res, failure.status, `<Error><Code>${failure.code}</Code><Message>Injected</Message></Error>`);
    }
    const payloadHash = verify(req, pathname, url.searchParams);
    entry.signed = true;
    const bucketName = virtual ? bucket : decodeURIComponent(segments.shift() ?? '');
    if (bucketName !== bucket) throw new Refused(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    const key = segments.map(decodeURIComponent).join('/');
    const q = url.searchParams;

    if (key === '') {
      if (req.method === 'GET' && q.get('list-type') === '2') {
        const prefix = q.get('prefix') ?? '';
        const after = q.get('continuation-token') ?? '';
        const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = all.slice(0, maxKeys);
        const truncated = all.length > page.length;
        return xml(
          res,
          200,
          `<ListBucketResult><Name>${bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${
            truncated ? `<NextContinuationToken>${esc(page.at(-1)!)}</NextContinuationToken>` : ''
          }${page.map((k) => `<Contents><Key>${esc(k)}</Key><Size>${objects.get(k)!.size}</Size></Contents>`).join('')}</ListBucketResult>`,
        );
      }
      if (req.method === 'POST' && q.has('delete')) {
        const body = await smallBody(req, payloadHash);
        if (req.headers['content-md5'] !== createHash('md5').update(body).digest('base64'))
          throw new Refused(400, 'InvalidDigest', 'Content-MD5 is missing or wrong.');
        const keys = [...body.toString('utf8').matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unesc(m[1]!));
        if (keys.length > 1000) throw new Refused(400, 'MalformedXML', 'At most 1,000 keys.');
        for (const k of keys) await removeObject(k);
        return xml(res, 200, '<DeleteResult></DeleteResult>');
      }
      throw new Refused(405, 'MethodNotAllowed', 'Not implemented by the test server.');
    }

    if (req.method === 'POST' && q.has('uploads')) {
      req.resume();
      const uploadId = randomBytes(16).toString('hex');
      uploads.set(uploadId, { key, parts: new Map() });
      return xml(
        res,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (q.has('uploadId')) {
      const upload = uploads.get(q.get('uploadId')!);
      if (!upload || upload.key !== key) throw new Refused(404, 'NoSuchUpload', 'The upload does not exist.');
      if (req.method === 'PUT') {
        const n = Number(q.get('partNumber'));
        if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new Refused(400, 'InvalidArgument', 'partNumber.');
        const part = await receive(req, payloadHash);
        const old = upload.parts.get(n);
        if (old) await rm(old.file, { force: true });
        upload.parts.set(n, part);
        res.writeHead(200, { etag: part.etag });
        return res.end();
      }
      if (req.method === 'DELETE') {
        req.resume();
        for (const part of upload.parts.values()) await rm(part.file, { force: true });
        uploads.delete(q.get('uploadId')!);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'POST') {
        const body = (await smallBody(req, payloadHash)).toString('utf8');
        const listed = [...body.matchAll(/<Part><PartNumber>(\d+)<\/PartNumber><ETag>([\s\S]*?)<\/ETag><\/Part>/g)].map(
          (m) => ({ n: Number(m[1]), etag: unesc(m[2]!) }),
        );
        if (listed.length === 0) throw new Refused(400, 'MalformedXML', 'No parts.');
        const parts = listed.map(({ n, etag }, i) => {
          const part = upload.parts.get(n);
          if (!part || part.etag !== etag)
            throw new Refused(400, 'InvalidPart', `Part ${n} is missing or its ETag differs.`);
          if (i > 0 && n <= listed[i - 1]!.n) throw new Refused(400, 'InvalidPartOrder', 'Parts out of order.');
          if (i < listed.length - 1 && part.size < minPart)
            throw new Refused(400, 'EntityTooSmall', `Part ${n} is smaller than the minimum.`);
          return part;
        });
        const file = newFile();
        await pipeline(async function* () {
          for (const part of parts) yield* createReadStream(part.file);
        }, createWriteStream(file));
        const size = (await stat(file)).size;
        for (const part of upload.parts.values()) await rm(part.file, { force: true });
        uploads.delete(q.get('uploadId')!);
        await removeObject(key);
        const etag = `"${sha256(parts.map((p) => p.etag).join('')).slice(0, 32)}-${parts.length}"`;
        objects.set(key, { file, size, etag });
        return xml(
          res,
          200,
          `<CompleteMultipartUploadResult><Key>${esc(key)}</Key><ETag>${esc(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
    }
    if (req.method === 'PUT') {
      const stored = await receive(req, payloadHash);
      await removeObject(key);
      objects.set(key, stored);
      res.writeHead(200, { etag: stored.etag });
      return res.end();
    }
    if (req.method === 'DELETE') {
      req.resume();
      await removeObject(key);
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      req.resume();
      const object = objects.get(key);
      if (!object) throw new Refused(404, 'NoSuchKey', 'The specified key does not exist.');
      const range = req.headers.range;
      let start = 0;
      let end = object.size - 1;
      let status = 200;
      if (range) {
        const m = /^bytes=(\d+)-(\d*)$/.exec(range);
        if (!m) throw new Refused(400, 'InvalidArgument', 'Only bytes=a-b ranges.');
        start = Number(m[1]);
        end = m[2] ? Math.min(Number(m[2]), object.size - 1) : object.size - 1;
        if (start >= object.size) {
          res.writeHead(416, { 'content-range': `bytes */${object.size}`, 'content-type': 'application/xml' });
          return res.end(
            '<Error><Code>InvalidRange</Code><Message>The requested range is not satisfiable</Message></Error>',
          );
        }
        status = 206;
      }
      const headers: Record<string, string | number> = {
        'content-length': end - start + 1,
        etag: object.etag,
        'accept-ranges': 'bytes',
        'content-type': 'application/octet-stream',
      };
      if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${object.size}`;
      res.writeHead(status, headers);
      if (req.method === 'HEAD' || end < start) return res.end();
      return pipeline(createReadStream(object.file, { start, end }), res);
    }
    throw new Refused(405, 'MethodNotAllowed', 'Not implemented by the test server.');
  }

  async function removeObject(key: string) {
    const old = objects.get(key);
    objects.delete(key);
    if (old) await rm(old.file, { force: true });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      req.resume();
      if (res.headersSent) return void res.destroy();
      const refused = error instanceof Refused ? error : new Refused(500, 'InternalError', String(error));
      xml(res, refused.status, `<Error><Code>${refused.code}</Code><Message>${esc(refused.message)}</Message></Error>`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    log,
    keys: () => [...objects.keys()].sort(),
    failNext(match, status, code, count = 1) {
      failures.push({ match, status, code, count });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
