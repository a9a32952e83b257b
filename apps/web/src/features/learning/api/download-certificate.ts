import { MESSAGES, endpointRoutes, endpointUrl } from '@heed/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';

/** The file name the server proposes (`Content-Disposition: attachment; filename*=UTF-8''…`). */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: fall through to the plain one
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** The error body's message, read by hand: the learner's pages carry no zod. */
async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return new ApiError(response.status, typeof message === 'string' ? message : MESSAGES.unexpectedServerError);
}

/**
 * GET /my/assignments/{id}/certificate: the learner's certificate as a PDF, handed to the browser as
 * a download (the first request issues it). Rejects with an ApiError when the server refuses.
 */
export async function downloadCertificate(assignmentId: number): Promise<void> {
  let response: Response;
  try {
    response = await fetch(endpointUrl(endpointRoutes.getMyCertificate, { id: assignmentId }), {
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Heed could not be reached. Check your connection and try again.');
  }
  if (!response.ok) throw await failure(response);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response, 'certificate.pdf');
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export const useDownloadCertificate = () => useMutation({ mutationFn: downloadCertificate });
