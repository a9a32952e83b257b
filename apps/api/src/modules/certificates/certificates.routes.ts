import { endpoints } from '@heed/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../platform/http.ts';
import { storageArea } from '../../platform/storage-area.ts';
import { asciiFileName } from './pdf-text.ts';
import {
  type CertificateFile,
  getMyCertificate,
  getUserCertificate,
  verifyCertificate,
} from './certificates.service.ts';

/** RFC 5987's encoding of a UTF-8 file name (encodeURIComponent leaves a few characters it must not). */
const rfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The PDF as a download: an ASCII name for old clients, the exact one in filename*; private to the caller. */
function sendPdf(reply: FastifyReply, file: CertificateFile) {
  reply
    .type('application/pdf')
    .header('content-length', file.pdf.byteLength)
    .header(
      'content-disposition',
      `attachment; filename="${asciiFileName(file.fileName)}"; filename*=UTF-8''${rfc5987(file.fileName)}`,
    )
    .header('cache-control', 'private, no-cache');
  // A binary body, not a JSON response: these endpoints have no response schema.
  return Buffer.from(file.pdf.buffer, file.pdf.byteOffset, file.pdf.byteLength) as never;
}

/** Certificates: the learner's and staff's PDF downloads, and the public verification by number. */
export async function certificatesRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const deps = { db, assets: storageArea(config, 'assets'), publicUrl: config.publicUrl };
  route(app, endpoints.getMyCertificate, async ({ params, ctx, reply }) =>
    sendPdf(reply, await getMyCertificate(deps, ctx, params.id)),
  );
  route(app, endpoints.getUserCertificate, async ({ params, ctx, reply }) =>
    sendPdf(reply, await getUserCertificate(deps, ctx, params.id, params.assignmentId)),
  );
  route(app, endpoints.verifyCertificate, async ({ params, ctx }) => ({
    data: await verifyCertificate(db, ctx, params.number),
  }));
}
