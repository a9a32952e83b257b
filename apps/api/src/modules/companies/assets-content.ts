import { isInlineAssetMime } from '@heed/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { parseRange } from '../course-media/index.ts';
import { findAsset, findLogoAsset } from './assets.repository.ts';
import { findCourseThumbnailAsset } from './assets-usage.repository.ts';
import type { AssetDeps } from './assets.service.ts';
import { isLogoTokenOf, logoTokenId } from './logo-url.ts';

/**
 * Nothing in an asset runs: no script, no plugin, no fetch; an SVG may use its own inline styles.
 * `sandbox` also gives a document opened directly an opaque origin.
 */
export const ASSET_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; object-src 'none'";

/** An RFC 5987 file name (encodeURIComponent leaves ' ( ) * as they are). */
const rfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * GET /companies/assets/file?path=: an asset of the caller's company (site admins: any), or the
 * thumbnail of a course the caller's company may use, found by the path the server gave it, never opened by a path the client chose. Images show inline, anything else
 * downloads; one byte range is answered 206 (videos seek), an unsatisfiable one 416.
 */
export async function sendAssetFile(
  deps: AssetDeps,
  ctx: AuthedContext,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
) {
  const row =
    (await findAsset(deps.db, ctx.user.site_admin === 1 ? null : ctx.user.company_id, path)) ??
    (await findCourseThumbnailAsset(deps.db, ctx.user.company_id, path));
  if (!row) throw notFound();
  const disposition = isInlineAssetMime(row.mime) ? 'inline' : 'attachment';
  reply
    .header('content-security-policy', ASSET_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=300')
    .header('content-disposition', `${disposition}; filename*=UTF-8''${rfc5987(row.original_name)}`);
  const range = parseRange(req.headers.range, row.size);
  if (range === 'unsatisfiable') {
    reply.status(416).header('content-range', `bytes */${row.size}`).type('text/plain');
    return 'Range Not Satisfiable';
  }
  const file = await deps.storage.open(row.path, range?.start ?? 0, range?.end);
  if (!file) throw notFound();
  reply.type(row.mime);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else reply.header('content-length', file.size);
  return file.stream;
}

/**
 * GET /public/logos/{token}: a logo asset by the signed address e-mails carry, without a session
 * (decision 077). Anything but a logo whose signature matches is a 404, the same answer as for a
 * missing file. The bytes at an asset's path never change, so mail clients and proxies may keep it.
 */
export async function sendCompanyLogo(
  deps: AssetDeps & { config: Pick<Config, 'dataDir'> },
  reply: FastifyReply,
  token: string,
) {
  const id = logoTokenId(token);
  const row = id === null ? undefined : await findLogoAsset(deps.db, id);
  if (!row || !isLogoTokenOf(deps.config, token, row)) throw notFound();
  const file = await deps.storage.open(row.path, 0);
  if (!file) throw notFound();
  reply
    .header('content-security-policy', ASSET_CSP)
    .header('x-content-type-options', 'nosniff')
    // Mail clients show it inside other origins' pages.
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-length', file.size)
    .type(row.mime);
  return file.stream;
}
