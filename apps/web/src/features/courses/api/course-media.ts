import {
  COMPANY_HEADER,
  CSRF_COOKIE,
  CSRF_HEADER,
  type CourseMedia,
  type MediaKind,
  endpointRoutes,
  endpointUrl,
} from '@heed/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall, getCompanyHeader } from '../../../lib/api-client.ts';

/** The library's items of one kind whose file name or title contains `text` (GET /course-media). */
export const useMediaLibrary = (kind: MediaKind, text: string, enabled: boolean) =>
  useQuery({
    queryKey: ['course-media', kind, text] as const,
    queryFn: ({ signal }) =>
      apiCall('listCourseMedia', { query: { kind, text: text || undefined, per_page: 50 }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export interface Upload {
  promise: Promise<CourseMedia>;
  abort: () => void;
}

/**
 * POST /course-media with XMLHttpRequest, whose upload reports its progress (fetch does not): a SCORM
 * package may be 500 MB and a video 2 GB. `kind` goes first, as the server streams the file after it.
 * Rejects with an ApiError carrying the server's message (422 on `file`), or status 0 when cancelled
 * or the connection failed.
 */
export function uploadCourseMedia(kind: MediaKind, file: File, onProgress: (fraction: number) => void): Upload {
  const request = new XMLHttpRequest();
  const promise = new Promise<CourseMedia>((resolve, reject) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file, file.name);
    request.open('POST', endpointUrl(endpointRoutes.uploadCourseMedia));
    request.withCredentials = true;
    request.responseType = 'json';
    request.setRequestHeader('Accept', 'application/json');
    const token = readCookie(CSRF_COOKIE);
    if (token !== undefined) request.setRequestHeader(CSRF_HEADER, decodeURIComponent(token));
    const company = getCompanyHeader();
    if (company) request.setRequestHeader(COMPANY_HEADER, company);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as {
        data?: CourseMedia;
        error?: { message?: string; details?: Record<string, string[]> };
      };
      if (request.status >= 200 && request.status < 300 && body?.data) resolve(body.data);
      else
        reject(
          new ApiError(
            request.status,
            body?.error?.message ?? 'The upload failed. Try again.',
            body?.error?.details ?? {},
          ),
        );
    };
    request.onerror = () => reject(new ApiError(0, 'Heed could not be reached. Check your connection and try again.'));
    request.onabort = () => reject(new ApiError(0, 'Upload cancelled.'));
    request.send(form);
  });
  return { promise, abort: () => request.abort() };
}
