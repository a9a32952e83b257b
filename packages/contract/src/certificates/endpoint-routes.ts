import { type EndpointRoute, reviewer } from '../endpoint-kit.ts';

/**
 * The routes of the certificate endpoints. No zod and no schema here (decision 023): the first chunk loads
 * them. The two downloads answer a PDF (`application/pdf`, attachment); the verification is public.
 */
export const certificatesEndpointRoutes = {
  /** The caller's own certificate of a completed assignment; the first request issues it. */
  getMyCertificate: {
    method: 'GET',
    path: '/my/assignments/{id}/certificate',
    access: { kind: 'session' },
  },
  /** The same PDF for staff who may see the user (the user drawer's scope). */
  getUserCertificate: {
    method: 'GET',
    path: '/users/{id}/assignments/{assignmentId}/certificate',
    access: reviewer,
  },
  /** What a certificate shows, by its number: no sign-in, throttled per IP. */
  verifyCertificate: {
    method: 'GET',
    path: '/public/certificates/{number}',
    access: { kind: 'public' },
  },
} as const satisfies Record<string, EndpointRoute>;
