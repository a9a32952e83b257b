import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scormPackage } from './fixtures/scorm-packages.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { PDF, mp4Of, postMedia } from './support/course-media-files.ts';
import { type CatalogWorld, assignCourse, createCatalogWorld } from './support/courses-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Video, document and SCORM topics in the course document (decision 061): each names a course_media
// row of its own kind; GET /courses/{id} shows the media; the list filters by the new kinds.

let t: TestApp;
let w: CatalogWorld;
let admin: TestClient;
const media: Record<'video' | 'document' | 'scorm', number> = { video: 0, document: 0, scorm: 0 };

beforeAll(async () => {
  t = await createTestApp();
  w = await createCatalogWorld(t.db);
  admin = await signedIn(t.app, 'root');
  const uploads = [
    ['video', mp4Of(4_000), 'drill.mp4'],
    ['document', PDF, 'policy.pdf'],
    ['scorm', await scormPackage('scorm12'), 'fire-doors.zip'],
  ] as const;
  for (const [kind, content, name] of uploads) {
    const response = await postMedia(admin, kind, content, name);
    expect(response.statusCode, response.body).toBe(201);
    media[kind] = (response.json() as { data: { id: number } }).data.id;
  }
});
afterAll(async () => t.close());

const base = (topics: unknown[], name = 'Media course') => ({
  name,
  duration_minutes: 30,
  passing_score: 80,
  company_ids: [w.companyA],
  topics,
});

const details = (response: { json(): unknown }) =>
  (response.json() as { error: { details: Record<string, string[]> } }).error.details;

interface Topic {
  id: number;
  kind: string;
  media_id: number | null;
  media: {
    id: number;
    kind: string;
    original_name: string;
    mime: string;
    size: number;
    scorm_version: string | null;
    title: string | null;
  } | null;
}

describe('course topics that play media', () => {
  it('saves video, document and SCORM topics and shows their media in the course document', async () => {
    const created = await admin.post(
      '/api/v3/courses',
      base([
        { name: 'Intro', kind: 'text', content: '<p>Hello</p>' },
        { name: 'Watch', kind: 'video', media_id: media.video },
        { name: 'Read and acknowledge', kind: 'document', media_id: media.document },
        { name: 'Play', kind: 'scorm', media_id: media.scorm },
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const course = (created.json() as { data: { id: number; topics: Topic[] } }).data;
    expect(course.topics.map((topic) => [topic.kind, topic.media_id])).toEqual([
      ['text', null],
      ['video', media.video],
      ['document', media.document],
      ['scorm', media.scorm],
    ]);
    expect(course.topics[0]!.media).toBeNull();
    expect(course.topics[1]!.media).toEqual({
      id: media.video,
      kind: 'video',
      original_name: 'drill.mp4',
      mime: 'video/mp4',
      size: 4_000,
      scorm_version: null,
      title: null,
      content_url: `/content/media/${media.video}`,
    });
    expect(course.topics[3]!.media).toMatchObject({
      kind: 'scorm',
      scorm_version: '1.2',
      title: 'Fire Doors (SCORM 1.2)',
      content_url: `/content/scorm/${media.scorm}/index.html`,
    });

    // A Department Manager of company A reads the same document.
    const dm = await signedIn(t.app, 'a.dm');
    const read = await dm.get(`/api/v3/courses/${course.id}`);
    expect(read.statusCode).toBe(200);
    expect((read.json() as { data: { topics: Topic[] } }).data.topics[2]!.media?.mime).toBe('application/pdf');

    // The library counts the topics playing each item.
    const listed = await admin.get('/api/v3/course-media?kind=video');
    expect(
      (listed.json() as { data: { id: number; topics: number }[] }).data.find((m) => m.id === media.video)?.topics,
    ).toBe(1);

    // field[kind] takes the new kinds.
    for (const kind of ['video', 'document', 'scorm']) {
      const list = await admin.get(`/api/v3/courses?field[kind]=${kind}`);
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json() as { data: { id: number }[] }).data.map((c) => c.id)).toContain(course.id);
    }
    const none = await admin.get('/api/v3/courses?field[kind]=audio');
    expect(none.statusCode).toBe(422);
    expect(details(none)['field[kind]']).toEqual(['Use text, questions, video, document or scorm.']);
  });

  it('refuses a media topic without media, with media of another kind or that does not exist, and media on a text topic', async () => {
    const response = await admin.post(
      '/api/v3/courses',
      base([
        { name: 'No video', kind: 'video' },
        { name: 'No PDF', kind: 'document', media_id: null },
        { name: 'No package', kind: 'scorm' },
        { name: 'Text with a video', kind: 'text', media_id: media.video },
        {
          name: 'Questions in a video',
          kind: 'video',
          media_id: media.video,
          questions: [
            {
              prompt: 'Q',
              options: [
                { text: 'a', correct: true },
                { text: 'b', correct: false },
              ],
            },
          ],
        },
      ]),
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(details(response)).toMatchObject({
      'topics.0.media_id': ['A video topic needs a video: upload one or choose one from the library.'],
      'topics.1.media_id': [
        'A document topic needs a policy document (PDF): upload one or choose one from the library.',
      ],
      'topics.2.media_id': ['A SCORM topic needs a SCORM package: upload one or choose one from the library.'],
      'topics.3.media_id': ['Only video, document and SCORM topics play media.'],
      'topics.4.questions': ['Only a questions topic has questions.'],
    });

    const wrong = await admin.post(
      '/api/v3/courses',
      base([
        { name: 'A PDF as a video', kind: 'video', media_id: media.document },
        { name: 'Gone', kind: 'scorm', media_id: 2_000_000 },
      ]),
    );
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(details(wrong)).toEqual({
      'topics.0.media_id': ['This media is a document; a video topic plays a video.'],
      'topics.1.media_id': ['Choose media from the library: this one does not exist.'],
    });
  });

  it("changes and removes a topic's media with PUT; the media is free to delete afterwards", async () => {
    const created = await admin.post(
      '/api/v3/courses',
      base([{ name: 'Watch', kind: 'video', media_id: media.video }], 'Swap'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const course = (created.json() as { data: { id: number; topics: Topic[] } }).data;
    const other = await postMedia(admin, 'video', mp4Of(2_000), 'second.mp4');
    const otherId = (other.json() as { data: { id: number } }).data.id;
    const swapped = await admin.put(
      `/api/v3/courses/${course.id}`,
      base([{ id: course.topics[0]!.id, name: 'Watch', kind: 'video', media_id: otherId }], 'Swap'),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect((swapped.json() as { data: { topics: Topic[] } }).data.topics[0]!.media?.original_name).toBe('second.mp4');
    expect((await admin.delete(`/api/v3/course-media/${otherId}`)).statusCode).toBe(422);
    const asText = await admin.put(
      `/api/v3/courses/${course.id}`,
      base([{ id: course.topics[0]!.id, name: 'Now text', kind: 'text', content: '<p>x</p>' }], 'Swap'),
    );
    expect(asText.statusCode, asText.body).toBe(200);
    expect((asText.json() as { data: { topics: Topic[] } }).data.topics[0]).toMatchObject({
      kind: 'text',
      media_id: null,
      media: null,
    });
    expect((await admin.delete(`/api/v3/course-media/${otherId}`)).statusCode).toBe(200);
  });

  it('keeps media an earlier version plays readable, and undeletable while an attempt on that version is in progress', async () => {
    const first = await postMedia(admin, 'video', mp4Of(3_000), 'first.mp4');
    const firstId = (first.json() as { data: { id: number } }).data.id;
    const second = await postMedia(admin, 'video', mp4Of(3_000), 'second-cut.mp4');
    const secondId = (second.json() as { data: { id: number } }).data.id;
    const created = await admin.post(
      '/api/v3/courses',
      base([{ name: 'Watch', kind: 'video', media_id: firstId }], 'Versions'),
    );
    expect(created.statusCode, created.body).toBe(201);
    const course = (created.json() as { data: { id: number; topics: Topic[] } }).data;
    // A learner of company A starts on version 1.
    const { assignmentId, userId } = await assignCourse(t.db, w.companyA, course.id);
    const version = await t.db
      .selectFrom('course_versions')
      .select('id')
      .where('course_id', '=', course.id)
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('course_attempts')
      .values({
        company_id: w.companyA,
        user_id: userId,
        assignment_id: assignmentId,
        course_id: course.id,
        course_version_id: version.id,
        attempt: 1,
        status: 'in_progress',
        score: null,
        state: '{}',
        started_at: '2026-03-02T09:00:00.000Z',
        finished_at: null,
        updated_at: '2026-03-02T09:00:00.000Z',
      })
      .execute();
    // The course now plays the second cut.
    const swapped = await admin.put(
      `/api/v3/courses/${course.id}`,
      base([{ id: course.topics[0]!.id, name: 'Watch', kind: 'video', media_id: secondId }], 'Versions'),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);

    const student = await signedIn(t.app, 'a.student');
    expect((await student.get(`/content/media/${firstId}`)).statusCode).toBe(200);
    expect((await (await signedIn(t.app, 'b.dm')).get(`/content/media/${firstId}`)).statusCode).toBe(404);
    const refused = await admin.delete(`/api/v3/course-media/${firstId}`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect((refused.json() as { error: { message: string } }).error.message).toBe(
      '1 learner is in the middle of an earlier version of a course that plays this media: delete it once they have finished.',
    );
    await t.db
      .updateTable('course_attempts')
      .set({ status: 'passed' })
      .where('assignment_id', '=', assignmentId)
      .execute();
    expect((await admin.delete(`/api/v3/course-media/${firstId}`)).statusCode).toBe(200);
  });
});
