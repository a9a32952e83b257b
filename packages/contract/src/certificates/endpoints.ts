import { idParam, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import { certificateVerification, userCertificateParams, verifyCertificateParams } from './certificates.ts';
import type { certificatesEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each certificate endpoint, joined to its route in `endpoints`. */
export const certificatesEndpoints = {
  getMyCertificate: {
    summary:
      "The certificate of one of the caller's completed assignments as a PDF (attachment); the first request issues it (404 when not completed)",
    params: idParam,
  },
  getUserCertificate: {
    summary: "A user's certificate of a completed assignment as a PDF, for staff who may see the user",
    params: userCertificateParams,
  },
  verifyCertificate: {
    summary: 'What a certificate shows, by its number, and whether it is still valid (no sign-in; throttled per IP)',
    params: verifyCertificateParams,
    response: single(certificateVerification),
  },
} satisfies { [N in keyof typeof certificatesEndpointRoutes]: EndpointSchemas };
