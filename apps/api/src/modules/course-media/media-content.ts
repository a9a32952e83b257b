import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { ContentKeys } from './content-keys.ts';
import { type MediaRow, findMedia, findReader, mediaUsableBy } from './course-media.repository.ts';

// The content of course media, served outside /api (decision 061): videos and PDFs at
// /content/media/{id} with range requests, SCORM packages' files at /content/scorm/{id}/{path}, and the
// runtime shim every package page loads. Readable by a signed-in user whose company may use a course
// with a topic playing the media (site admins: all); anyone else gets a 404.

export interface ContentDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  keys: ContentKeys;
  now: () => Date;
}

/** The runtime shim's URL: injected into every HTML page of a package. */
export const SCORM_RUNTIME_PATH = '/content/scorm-runtime.js';

/**
 * A package's pages run sandboxed without allow-same-origin (an opaque origin: no cookies, no storage,
 * no reach into the player page); they talk to the player's SCORM runtime by postMessage only. Its own
 * files, inline script and eval (authoring tools use both) are allowed; nothing from elsewhere.
 */
export const SCORM_CSP = [
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads allow-modals',
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Videos and PDFs: nothing runs; a PDF shows in the browser's viewer, sandboxed. */
const MEDIA_CSP = "sandbox; default-src 'none'; object-src 'none'; style-src 'unsafe-inline'; img-src data:";

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.xhtml': 'application/xhtml+xml; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.xsd': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** Pages larger than this are sent as they are, without the runtime shim (no real SCORM page is near it). */
const MAX_INJECTED_PAGE_BYTES = 8 * 1024 * 1024;

const rfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Whether the caller may read the media: site admins always; others when their company may use a course playing it. */
async function mayRead(db: Kysely<Database>, media: MediaRow, user: { company_id: number; site_admin: number }) {
  return user.site_admin === 1 || mediaUsableBy(db, media.id, user.company_id);
}

function mediaId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range (RFC 9110 §14): null means send it all (no Range, another unit, or several
 * ranges, which we answer whole); 'unsatisfiable' is answered 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const spec = match[1]!.trim();
  if (spec.includes(',')) return null;
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return 'unsatisfiable';
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** GET /content/media/{id}: a video or PDF, whole or by range. */
export async function sendMedia(deps: ContentDeps, req: FastifyRequest, reply: FastifyReply, rawId: string) {
  const user = req.ctx.user;
  const id = mediaId(rawId);
  const media = id === null || !user ? undefined : await findMedia(deps.db, id);
  if (!user || !media || media.kind === 'scorm' || !(await mayRead(deps.db, media, user))) throw notFound();
  const size = Number(media.size);
  const range = parseRange(req.headers.range, size);
  reply
    .header('content-security-policy', MEDIA_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', `inline; filename*=UTF-8''${rfc5987(media.original_name)}`);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .type('text/plain')
      .send('Range Not Satisfiable');
  }
  const file = await deps.storage.open(media.storage_path, range?.start ?? 0, range?.end);
  if (!file) throw notFound();
  reply.type(media.mime);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else reply.header('content-length', file.size);
  if (req.method === 'HEAD') {
    file.stream.destroy();
    return reply.send();
  }
  return reply.send(file.stream);
}

/** The package path of a URL below /content/scorm/{id}/: each segment decoded; null when one cannot be a file name. */
function packagePath(segments: string[]): string | null {
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a segment holding a control character is refused.
    if (value === '' || value === '.' || value === '..' || /[/\\\u0000-\u001f]/.test(value)) return null;
    decoded.push(value);
  }
  return decoded.length === 0 ? null : decoded.join('/');
}

const withShim = (html: string) => {
  const tag = `<script src="${SCORM_RUNTIME_PATH}"></script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root) return html.slice(0, root.index + root[0].length) + tag + html.slice(root.index + root[0].length);
  return tag + html;
};

/**
 * GET /content/scorm/{id}/{path}: with the session cookie (the player's iframe loading the launch
 * page) the reader is checked and redirected to the same path under a content key; under a key
 * (`~{key}`, every request the sandboxed page makes) the key's reader is checked again and the file sent.
 */
export async function sendScormFile(deps: ContentDeps, req: FastifyRequest, reply: FastifyReply) {
  const [pathname, query] = splitUrl(req.url);
  const segments = pathname.split('/').slice(3); // '', 'content', 'scorm'
  const id = mediaId(segments[0] ?? '');
  const media = id === null ? undefined : await findMedia(deps.db, id);
  if (media?.kind !== 'scorm') throw notFound();
  const keyed = segments[1]?.startsWith('~') ? segments[1].slice(1) : null;
  const rest = segments.slice(keyed === null ? 1 : 2);

  if (keyed === null) {
    const user = req.ctx.user;
    if (!user || !(await mayRead(deps.db, media, user)) || packagePath(rest) === null) throw notFound();
    const key = deps.keys.issue(media.id, user.id, deps.now());
    return reply
      .status(302)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(`/content/scorm/${media.id}/~${key}/${rest.join('/')}${query}`, 302);
  }

  const readerId = deps.keys.verify(media.id, keyed, deps.now());
  const reader = readerId === null ? undefined : await findReader(deps.db, readerId);
  if (!reader || reader.suspended === 1 || !(await mayRead(deps.db, media, reader))) throw notFound();
  const path = packagePath(rest);
  if (path === null) throw notFound();
  const file = await deps.storage.open(`${media.storage_path}/${path}`).catch(() => null);
  if (!file) throw notFound();

  const extension = extname(path).toLowerCase();
  const type = MIME_TYPES[extension] ?? 'application/octet-stream';
  reply
    .header('content-security-policy', SCORM_CSP)
    .header('x-content-type-options', 'nosniff')
    // Its requests come from an opaque origin: the files are readable cross-origin (the key guards them).
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('access-control-allow-origin', '*')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'private, max-age=3600')
    .removeHeader('x-frame-options')
    .type(type);
  if (type.startsWith('text/html') && file.size <= MAX_INJECTED_PAGE_BYTES) {
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const page = Buffer.from(withShim(Buffer.concat(chunks).toString('utf8')));
    return reply.header('content-length', page.length).send(page);
  }
  return reply.header('content-length', file.size).send(file.stream);
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

let runtime: Promise<Buffer> | undefined;

/**
 * scorm-again's cross-frame client (`CrossFrameAPI`), set as the page's `API` and `API_1484_11`: the
 * package's calls become messages to the player page (same origin as the URL), which runs the real
 * runtime with `CrossFrameLMS`. Read once.
 */
function runtimeScript(): Promise<Buffer> {
  runtime ??= (async () => {
    const file = createRequire(import.meta.url).resolve('scorm-again/cross-frame-api/min');
    const library = await readFile(file, 'utf8');
    // The player puts the data the learner resumes from in the launch URL's fragment (its
    // SCORM_START_PARAM, scorm-runtime.ts): read into the client's cache at once, so the package's
    // first GetValue calls (answered from that cache) see it before any message could come back.
    const start = `;(function(){if(window.API||window.API_1484_11)return;var api=new CrossFrameAPI(location.origin,window.parent);try{var m=/[#&]heed-cmi=([^&]*)/.exec(location.hash);if(m){var d=JSON.parse(decodeURIComponent(m[1]));for(var k in d){if(Object.prototype.hasOwnProperty.call(d,k)&&typeof d[k]==='string')api._cache.set(k,d[k]);}}}catch(e){}window.API=api;window.API_1484_11=api;})();\n`;
    return Buffer.from(`${library}\n${start}`);
  })();
  return runtime;
}

export async function sendScormRuntime(reply: FastifyReply) {
  const script = await runtimeScript().catch((error: unknown) => {
    runtime = undefined;
    reply.log.error({ err: error }, 'scorm-again is not installed: SCORM packages cannot reach the runtime');
    throw new AppError(503, 'The SCORM runtime is not installed on this server.');
  });
  return reply
    .type('text/javascript; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'public, max-age=3600')
    .header('content-length', script.length)
    .send(script);
}
