import type { CertificateVerification } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, isApiError } from '../../../lib/api-client.ts';

/** What a certificate shows, by its number (GET /public/certificates/{number}, no sign-in). */
export const verifyCertificate = (number: string, signal?: AbortSignal): Promise<CertificateVerification> =>
  apiCall('verifyCertificate', { params: { number }, signal }).then((response) => response.data);

export const certificateVerificationQueryOptions = (number: string) =>
  queryOptions({
    queryKey: ['public', 'certificate', number] as const,
    queryFn: ({ signal }) => verifyCertificate(number, signal),
    // A 404 (no such certificate) and a 429 (throttled) are answers, not hiccups: asking again would not help.
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 429) && count < 2,
  });

export const useCertificateVerification = (number: string) => useQuery(certificateVerificationQueryOptions(number));
