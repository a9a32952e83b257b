import type { Asset } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../components/list-page/testing.tsx';
import { COURSES, mockCoursesApi, renderCourses, storedCourse } from './courses-fixtures.tsx';

// The course editor's thumbnail: a preview, a choice among the company's images, and an upload (File
// Management's dropzone with the thumbnail's rule) that becomes the choice.

const ASSETS = '/api/v3/companies/assets/files';
const MB = 1024 * 1024;

const asset = (id: number, name: string, mime: string, size: number): Asset => ({
  id,
  type: 'course_media',
  path: `course_media/${id}-${name}`,
  url: `/api/v3/companies/assets/file?path=course_media%2F${id}-${encodeURIComponent(name)}`,
  name,
  mime,
  size,
  created_at: '2026-01-01T00:00:00.000Z',
});
const FIRE = asset(1, 'fire.png', 'image/png', 40_000);
const POLICY = asset(2, 'policy.pdf', 'application/pdf', 90_000);
const POSTER = asset(3, 'poster.jpg', 'image/jpeg', 3 * MB);
const UPLOADED = asset(4, 'exits.webp', 'image/webp', 120_000);

/** A stand-in for XMLHttpRequest (uploads go through it for their progress): records the request, answers on demand. */
class FakeRequest {
  static last: FakeRequest | null = null;
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeRequest.last = null;
});

const editorReady = () => screen.findByRole('heading', { name: 'Topics' });
const thumbnail = () => screen.getByRole('group', { name: 'Thumbnail' });
const fileInput = () => thumbnail().querySelector('input[type="file"]') as HTMLInputElement;
const preview = () => within(thumbnail()).queryByRole('img', { name: 'Thumbnail preview' });
/** The dropzone's refusal: the file's name and why. */
const refused = (text: string) => waitFor(() => expect(within(thumbnail()).getByRole('alert')).toHaveTextContent(text));

describe('the course thumbnail', { timeout: 60_000 }, () => {
  it('picks one of the company’s images, previews it, uploads a new one after checking it, and saves it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server would set (no token fetch first)
    document.cookie = 'XSRF-TOKEN=token';
    const course = storedCourse();
    const api = mockCoursesApi({
      course,
      write: (call) => {
        if (call.method === 'GET' && call.path === ASSETS) return json({ data: [FIRE, POLICY, POSTER] });
        if (call.method === 'PUT' && call.path === `${COURSES}/7`)
          return json({ data: { ...course, ...(call.body as object), version: 2 } });
        return undefined;
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderCourses('/settings/courses/7');
    await editorReady();
    expect(within(thumbnail()).getByText('No thumbnail')).toBeInTheDocument();
    expect(preview()).toBeNull();

    // Only images within the thumbnail's rule are offered: not the PDF, not the 3 MB poster.
    await user.click(screen.getByRole('combobox', { name: 'Choose from the company’s files' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['fire.png']);
    await user.click(within(listbox).getByRole('option', { name: 'fire.png' }));
    await waitFor(() => expect(preview()).toHaveAttribute('src', FIRE.url));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // Checked before anything is sent: too large, then not an image the thumbnail accepts.
    await user.upload(fileInput(), new File([new Uint8Array(2 * MB + 1)], 'huge.png', { type: 'image/png' }));
    await refused('huge.png: Too large: a thumbnail may be at most 2 MB.');
    await user.upload(fileInput(), new File(['GIF89a'], 'spinner.gif', { type: 'image/gif' }));
    await refused('spinner.gif: A thumbnail must be a PNG, JPEG or WebP image.');
    expect(FakeRequest.last).toBeNull();

    // A good file goes to the assets upload as course media and becomes the thumbnail.
    await user.upload(fileInput(), new File(['RIFF....WEBP'], 'exits.webp', { type: 'image/webp' }));
    await waitFor(() => expect(FakeRequest.last).not.toBeNull());
    const request = FakeRequest.last!;
    expect(request.url).toBe('/api/v3/companies/assets');
    expect(request.body!.get('type')).toBe('course_media');
    expect((request.body!.get('file') as File).name).toBe('exits.webp');
    request.answer(201, { data: UPLOADED });
    await waitFor(() => expect(preview()).toHaveAttribute('src', UPLOADED.url));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `${COURSES}/7`)).toHaveLength(1));
    expect((api.callsTo('PUT', `${COURSES}/7`)[0]!.body as { thumbnail_path: string }).thumbnail_path).toBe(
      UPLOADED.url,
    );
  });

  it('shows the server’s refusal of the upload, and removes the thumbnail', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server would set (no token fetch first)
    document.cookie = 'XSRF-TOKEN=token';
    const course = storedCourse({ thumbnail_path: FIRE.url });
    const api = mockCoursesApi({
      course,
      write: (call) => {
        if (call.method === 'GET' && call.path === ASSETS) return json({ data: [FIRE] });
        if (call.method === 'PUT' && call.path === `${COURSES}/7`)
          return json({ data: { ...course, ...(call.body as object), version: 2 } });
        return undefined;
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderCourses('/settings/courses/7');
    await editorReady();
    expect(preview()).toHaveAttribute('src', FIRE.url);

    // The server reads the content and has the last word.
    await user.upload(fileInput(), new File(['not a png'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeRequest.last).not.toBeNull());
    const message = 'This file is not a PNG, JPEG or WebP image.';
    FakeRequest.last!.answer(422, { error: { message, details: { file: [message] } } });
    await refused(`fake.png: ${message}`);
    expect(preview()).toHaveAttribute('src', FIRE.url);

    await user.click(within(thumbnail()).getByRole('button', { name: 'Remove thumbnail' }));
    expect(preview()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `${COURSES}/7`)).toHaveLength(1));
    expect((api.callsTo('PUT', `${COURSES}/7`)[0]!.body as { thumbnail_path: null }).thumbnail_path).toBeNull();
  });
});
