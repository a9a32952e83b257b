import { COMPANY_HEADER, MESSAGES, errorBody } from '@heed/contract';
import { callEnded, callStarted } from '../../lib/api-activity.ts';
import { ApiError, getCompanyHeader } from '../../lib/api-client.ts';

/** The file name a response proposes (`Content-Disposition: attachment; filename="users.csv"`). */
export function fileNameOf(response: Response, fallback: string): string {
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

async function failure(response: Response): Promise<ApiError> {
  const parsed = errorBody.safeParse(await response.json().catch(() => null));
  return parsed.success
    ? new ApiError(response.status, parsed.data.error.message, parsed.data.error.details)
    : new ApiError(response.status, MESSAGES.unexpectedServerError);
}

/**
 * The blob download helper (spec §7): fetches a file with the session's cookies and the chosen
 * company (X-Company-ID, which a plain link could not send) and hands it to the browser as a
 * download. Rejects with an ApiError when the server refuses.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {};
  const company = getCompanyHeader();
  if (company) headers[COMPANY_HEADER] = company;
  callStarted();
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers });
    if (!response.ok) throw await failure(response);
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = fileNameOf(response, fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  } finally {
    callEnded();
  }
}
