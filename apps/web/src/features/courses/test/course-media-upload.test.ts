import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setCompanyHeader } from '../../../lib/api-client.ts';
import { uploadCourseMedia } from '../api/course-media.ts';

/** A stand-in for XMLHttpRequest that records what is sent and lets the test answer. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, response: unknown) {
    this.status = status;
    this.response = response;
    this.onload?.();
  }
}

afterEach(() => setCompanyHeader(null));

describe('uploading course media', () => {
  it('sends the kind before the file with the CSRF token, reports progress and resolves with the media', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the server would set
    document.cookie = 'XSRF-TOKEN=token%3D1';
    setCompanyHeader(4);
    const progress: number[] = [];
    const file = new File(['PK…'], 'induction.zip', { type: 'application/zip' });
    const upload = uploadCourseMedia('scorm', file, (fraction) => progress.push(fraction));
    const request = FakeRequest.last;

    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v3/course-media');
    expect(request.headers).toMatchObject({ 'X-XSRF-TOKEN': 'token=1', 'X-Company-ID': '4' });
    expect([...request.body!.keys()]).toEqual(['kind', 'file']);
    expect(request.body!.get('kind')).toBe('scorm');

    request.upload.onprogress?.({ lengthComputable: true, loaded: 250, total: 1000 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: 1000 });
    expect(progress).toEqual([0.25, 1]);

    const media = { id: 9, kind: 'scorm', original_name: 'induction.zip' };
    request.answer(201, { data: media });
    await expect(upload.promise).resolves.toEqual(media);
  });

  it("rejects with the server's message on `file`, and when cancelled", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const file = new File(['nope'], 'notes.txt');
    const refused = uploadCourseMedia('document', file, () => {});
    const message = 'A policy document must be a PDF document.';
    FakeRequest.last.answer(422, { error: { message: 'The given data was invalid.', details: { file: [message] } } });
    const error = await refused.promise.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).details).toEqual({ file: [message] });

    const cancelled = uploadCourseMedia('video', file, () => {});
    cancelled.abort();
    await expect(cancelled.promise).rejects.toMatchObject({ status: 0, message: 'Upload cancelled.' });
  });
});
