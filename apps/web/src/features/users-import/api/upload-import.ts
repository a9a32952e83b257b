import {
  COMPANY_HEADER,
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES,
  type UserImport,
  endpointUrl,
  errorBody,
  endpointRoutes,
} from '@heed/contract';
import { callEnded, callStarted } from '../../../lib/api-activity.ts';
import { ApiError, getCompanyHeader } from '../../../lib/api-client.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

function readCookie(name: string): string | undefined {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

function toError(status: number, text: string): ApiError {
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: a proxy's page, say
  }
  const parsed = errorBody.safeParse(json);
  if (parsed.success) return new ApiError(status, parsed.data.error.message, parsed.data.error.details);
  return new ApiError(
    status,
    status === 0 ? 'Heed could not be reached. Check your connection and try again.' : MESSAGES.unexpectedServerError,
  );
}

function send(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpointUrl(endpointRoutes.uploadUserImport));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = readCookie(CSRF_COOKIE);
    if (token !== undefined) request.setRequestHeader(CSRF_HEADER, token);
    const company = getCompanyHeader();
    if (company) request.setRequestHeader(COMPANY_HEADER, company);
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => resolve({ status: 0, text: '' });
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/**
 * POST /users/imports with the file as multipart/form-data. Through XMLHttpRequest, not the api
 * client's fetch: only XHR reports upload progress, which a 50 MB file needs. Sends what the client
 * sends (cookies, the XSRF token, X-Company-ID) and answers the import, or rejects with an ApiError.
 */
export async function uploadImport(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UserImport> {
  callStarted();
  try {
    if (readCookie(CSRF_COOKIE) === undefined)
      await fetch(endpointUrl(endpointRoutes.csrfCookie), { credentials: 'same-origin' });
    let answer = await send(file, onProgress, signal);
    // A stale token (the session changed): fetch a fresh one and send once more, as the api client does.
    if (answer.status === 419) {
      await fetch(endpointUrl(endpointRoutes.csrfCookie), { credentials: 'same-origin' });
      answer = await send(file, onProgress, signal);
    }
    if (answer.status < 200 || answer.status >= 300) throw toError(answer.status, answer.text);
    return (JSON.parse(answer.text) as { data: UserImport }).data;
  } finally {
    callEnded();
  }
}
