import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, signedIn } from './support/client.ts';
import { PDF, WEBM, mp4Of, mediaUpload, postMedia } from './support/course-media-files.ts';
import { type CatalogWorld, createCatalogWorld } from './support/courses-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Videos and policy documents: uploaded by a site admin (streamed, checked by their first bytes),
// served from /content/media/{id} with range requests to whoever may use a course playing them.

let t: TestApp;
let w: CatalogWorld;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCatalogWorld(t.db);
  admin = await signedIn(t.app, 'root');
});
afterAll(async () => t.close());

interface Media {
  id: number;
  kind: string;
  mime: string;
  size: number;
  content_url: string;
  original_name: string;
  topics: number;
}

function storedFiles(): string[] {
  try {
    return readdirSync(join(t.dataDir, 'course-media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function upload(kind: string, content: Buffer, name: string): Promise<Media> {
  const response = await postMedia(admin, kind, content, name);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Media }).data;
}

const fieldError = (response: { json(): unknown }) =>
  (response.json() as { error: { details: Record<string, string[]> } }).error.details;

/** A course of company A playing the media in a topic of its kind. */
async function courseWith(media: Media) {
  const response = await admin.post('/api/v3/courses', {
    name: `Course ${media.id}`,
    duration_minutes: 10,
    passing_score: 80,
    company_ids: [w.companyA],
    topics: [{ name: 'Watch or read', kind: media.kind, media_id: media.id }],
  });
  expect(response.statusCode, response.body).toBe(201);
}

describe('course media: upload', () => {
  it('takes an MP4, a WebM and a PDF, recognised by their first bytes, and audits each upload', async () => {
    const mp4 = await upload('video', mp4Of(10_000), 'Fire drill.mp4');
    expect(mp4).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      size: 10_000,
      original_name: 'Fire drill.mp4',
      topics: 0,
    });
    expect(mp4.content_url).toBe(`/content/media/${mp4.id}`);
    const webm = await upload('video', WEBM, 'clip.webm');
    expect(webm.mime).toBe('video/webm');
    const pdf = await upload('document', PDF, 'Policy.pdf');
    expect(pdf).toMatchObject({ kind: 'document', mime: 'application/pdf', size: PDF.length });
    const audits = await t.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'course_media.upload')
      .execute();
    expect(audits.map((a) => Number(a.entity_id))).toEqual(expect.arrayContaining([mp4.id, webm.id, pdf.id]));

    const list = await admin.get('/api/v3/course-media?kind=video&sort=id&order=asc');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { data: Media[]; meta: { total: number } };
    expect(body.data.map((m) => m.id)).toEqual([mp4.id, webm.id]);
    expect(body.meta.total).toBe(2);
    const found = await admin.get('/api/v3/course-media?text=policy');
    expect((found.json() as { data: Media[] }).data.map((m) => m.id)).toEqual([pdf.id]);
  });

  it('refuses a file that is not what its kind needs, an empty one, a missing kind, all with nothing stored', async () => {
    const before = storedFiles();
    const cases: [string | null, Buffer, string, string, string][] = [
      ['video', PDF, 'not-a-video.mp4', 'file', 'A video must be an MP4 or WebM video.'],
      ['document', mp4Of(100), 'not-a-pdf.pdf', 'file', 'A policy document must be a PDF document.'],
      ['document', Buffer.alloc(0), 'empty.pdf', 'file', 'The file is empty.'],
      [null, PDF, 'policy.pdf', 'kind', 'Choose the kind of media: video, document or scorm.'],
      ['audio', PDF, 'policy.pdf', 'kind', 'Choose the kind of media: video, document or scorm.'],
    ];
    for (const [kind, content, name, field, message] of cases) {
      const response = await postMedia(admin, kind, content, name);
      expect(response.statusCode, response.body).toBe(422);
      expect(fieldError(response)[field]).toEqual([message]);
    }
    const notMultipart = await admin.post('/api/v3/course-media', { kind: 'video' });
    expect(notMultipart.statusCode).toBe(422);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a policy document over 50 MB with 413, keeping nothing', async () => {
    const before = storedFiles();
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const upload = mediaUpload('document', big, 'huge.pdf');
    const response = await admin.post('/api/v3/course-media', upload.body, { headers: upload.headers });
    expect(response.statusCode, response.body).toBe(413);
    expect(fieldError(response).file).toEqual(['The file is too large: a policy document may be at most 50 MB.']);
    expect(storedFiles()).toEqual(before);
  });

  it('is for site admins only', async () => {
    const cm = await signedIn(t.app, 'a.cm');
    expect((await postMedia(cm, 'document', PDF, 'p.pdf')).statusCode).toBe(403);
    expect((await cm.get('/api/v3/course-media')).statusCode).toBe(403);
  });
});

describe('course media: content', () => {
  it('serves a video whole and by ranges (206, Content-Range), 416 on a range past its end', async () => {
    const video = await upload('video', mp4Of(10_000), 'drill.mp4');
    await courseWith(video);
    const student = await signedIn(t.app, 'a.student');
    const whole = await student.get(video.content_url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-length']).toBe('10000');
    expect(whole.rawPayload.equals(mp4Of(10_000))).toBe(true);

    const part = await student.get(video.content_url, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(mp4Of(10_000).subarray(100, 200))).toBe(true);

    const open = await student.get(video.content_url, { headers: { range: 'bytes=9990-' } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 9990-9999/10000');
    const suffix = await student.get(video.content_url, { headers: { range: 'bytes=-10' } });
    expect(suffix.headers['content-range']).toBe('bytes 9990-9999/10000');
    const clipped = await student.get(video.content_url, { headers: { range: 'bytes=9000-20000' } });
    expect(clipped.headers['content-range']).toBe('bytes 9000-9999/10000');

    for (const range of ['bytes=10000-', 'bytes=500-100', 'bytes=abc', 'bytes=-0']) {
      const bad = await student.get(video.content_url, { headers: { range } });
      expect(bad.statusCode, range).toBe(416);
      expect(bad.headers['content-range']).toBe('bytes */10000');
    }
  });

  it('serves a policy document inline, sandboxed and not sniffed', async () => {
    const pdf = await upload('document', PDF, 'Code of conduct.pdf');
    await courseWith(pdf);
    const student = await signedIn(t.app, 'a.student');
    const response = await student.get(pdf.content_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe("inline; filename*=UTF-8''Code%20of%20conduct.pdf");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(response.rawPayload.equals(PDF)).toBe(true);
  });

  it('answers 404 to anyone whose company may not use a course playing it, and to no session', async () => {
    const video = await upload('video', mp4Of(1_000), 'private.mp4');
    const student = await signedIn(t.app, 'a.student');
    expect((await student.get(video.content_url)).statusCode).toBe(404);
    expect((await admin.get(video.content_url)).statusCode).toBe(200);
    await courseWith(video);
    expect((await student.get(video.content_url)).statusCode).toBe(200);
    expect((await (await signedIn(t.app, 'b.dm')).get(video.content_url)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(video.content_url)).statusCode).toBe(404);
    expect((await student.get('/content/media/999999')).statusCode).toBe(404);
    expect((await student.get('/content/media/abc')).statusCode).toBe(404);
  });
});
