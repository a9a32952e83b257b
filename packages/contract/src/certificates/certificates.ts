import { z } from 'zod';
import { idParam } from '../common.ts';

/** `HEED-XXXX-XXXX-XXXX`: three groups of four from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V). */
export const CERTIFICATE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
export const CERTIFICATE_NUMBER_PATTERN =
  /^HEED-[34679ACDEFGHJKMNPQRTWXY]{4}-[34679ACDEFGHJKMNPQRTWXY]{4}-[34679ACDEFGHJKMNPQRTWXY]{4}$/;

/** Verification requests allowed per IP per window before 429. */
export const CERTIFICATE_VERIFY_THROTTLE = { perIp: 30, windowMinutes: 5 } as const;

export const CERTIFICATE_MESSAGES = {
  notCompleted: 'There is no certificate for this assignment: the course is not completed.',
  notFound: 'No certificate has this number. Check the number and try again.',
  throttled: 'Too many verification requests. Please try again in a few minutes.',
} as const;

/** A certificate's status on the verification page: expired once its expires_at has passed. */
export const CERTIFICATE_STATUSES = ['valid', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The `/verify/:number` page's path for a certificate (the PDF prints `<origin>` before it). */
export function certificateVerifyPath(number: string): string {
  return `/verify/${encodeURIComponent(number)}`;
}

/** GET /users/{id}/assignments/{assignmentId}/certificate */
export const userCertificateParams = idParam.extend({
  assignmentId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * GET /public/certificates/{number}: any text up to the router's parameter limit (100); an unknown or
 * malformed number is a 404. Case and spaces are forgiven.
 */
export const verifyCertificateParams = z.object({ number: z.string().max(100) });

/** GET /public/certificates/{number}: exactly what the certificate shows, nothing more. */
export const certificateVerification = z.object({
  number: z.string(),
  learner_name: z.string(),
  course_name: z.string(),
  company_name: z.string(),
  /** ISO timestamp of the completion the certificate is for. */
  completed_at: z.string(),
  /** 0–100, or null when the course has no scored questions recorded. */
  score: z.number().int().nullable(),
  /** The course's pass mark when the certificate was issued (0–100), or null when it has none. */
  passing_score: z.number().int().nullable(),
  /** ISO timestamp, or null when the course does not recertify. */
  expires_at: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;
