import {
  COMPANY_HEADER,
  CSRF_COOKIE,
  CSRF_HEADER,
  MESSAGES,
  endpointRoutes,
  endpointUrl,
  errorBody,
} from '@heed/contract';
import { callEnded, callStarted } from './api-activity.ts';
import { ApiError, getCompanyHeader } from './api-client.ts';

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

function readCookie(name: string): string | undefined {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

function toError(status: number, text: string): ApiError {
  if (status === 0) return new ApiError(0, 'Heed could not be reached. Check your connection and try again.');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: a proxy's page, say
  }
  const parsed = errorBody.safeParse(json);
  if (parsed.success) return new ApiError(status, parsed.data.error.message, parsed.data.error.details);
  return new ApiError(status, status === 413 ? 'The file is too large.' : MESSAGES.unexpectedServerError);
}

function send(url: string, form: FormData, onProgress: (fraction: number) => void, request: XMLHttpRequest) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    const token = readCookie(CSRF_COOKIE);
    if (token !== undefined) request.setRequestHeader(CSRF_HEADER, token);
    const company = getCompanyHeader();
    if (company) request.setRequestHeader(COMPANY_HEADER, company);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => resolve({ status: 0, text: '' });
    request.onabort = () => reject(new ApiError(0, 'Upload cancelled.'));
    request.send(form);
  });
}

/**
 * POSTs a file as multipart/form-data through XMLHttpRequest (only XHR reports upload progress),
 * sending what the API client sends: cookies, the XSRF token (fetched first when missing, and once
 * more on a 419) and X-Company-ID. `fields` go before the file, so that the server knows what it
 * streams. Resolves with the response's `data`, or rejects with an ApiError carrying the server's
 * message and field details.
 */
export function uploadFile<T>(
  url: string,
  fields: Record<string, string>,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<T> {
  let request = new XMLHttpRequest();
  let aborted = false;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const csrf = () => fetch(endpointUrl(endpointRoutes.csrfCookie), { credentials: 'same-origin' });
  const run = async (): Promise<T> => {
    callStarted();
    try {
      if (readCookie(CSRF_COOKIE) === undefined) await csrf();
      let answer = await send(url, form, onProgress, request);
      if (answer.status === 419 && !aborted) {
        await csrf();
        request = new XMLHttpRequest();
        answer = await send(url, form, onProgress, request);
      }
      if (answer.status < 200 || answer.status >= 300) throw toError(answer.status, answer.text);
      return (JSON.parse(answer.text) as { data: T }).data;
    } finally {
      callEnded();
    }
  };
  return {
    promise: run(),
    abort: () => {
      aborted = true;
      request.abort();
    },
  };
}
