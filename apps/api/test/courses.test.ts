import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PDF, PNG, assetParts, upload } from './assets.fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import {
  type CatalogWorld,
  assignCourse,
  createCatalogWorld,
  createCategoryRow,
  createCourseRow,
} from './support/courses-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let w: CatalogWorld;
let admin: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  w = await createCatalogWorld(t.db);
  admin = await signedIn(t.app, 'root');
});
afterEach(async () => t.close());

type Body = Record<string, unknown>;
const error = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string; details?: Record<string, string[]> } }).error;
const audits = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

const option = (text: string, correct = false, feedback: string | null = null) => ({ text, correct, feedback });
const document = (extra: Body = {}): Body => ({
  name: 'Fire Safety',
  description: 'Evacuation and extinguishers',
  duration_minutes: 20,
  passing_score: 80,
  attempts_allowed: 3,
  recertify_months: 12,
  all_companies: true,
  topics: [
    { name: 'Introduction', kind: 'text', content: '<p>Know your <strong>exits</strong>.</p>' },
    {
      name: 'Check',
      kind: 'questions',
      question_pool: 1,
      shuffle: true,
      questions: [
        {
          type: 'single',
          prompt: 'Which extinguisher for electrical fires?',
          options: [option('CO2', true, 'Right: no conductivity.'), option('Water', false, 'Water conducts.')],
        },
        { type: 'true_false', prompt: 'Use lifts in a fire.', options: [option('True'), option('False', true)] },
        {
          type: 'multiple',
          prompt: 'Which are exits?',
          options: [option('Door A', true), option('Door B', true), option('Window')],
        },
      ],
    },
  ],
  ...extra,
});

async function create(body: Body = document()) {
  const response = await admin.post('/api/v3/courses', body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: CourseDoc }).data;
}

interface CourseDoc {
  id: number;
  name: string;
  thumbnail_path: string | null;
  company_ids: number[];
  topics: { id: number; name: string; kind: string; content: string | null; questions: { id: number }[] }[];
  [key: string]: unknown;
}

/** The document as PUT takes it back: ids kept, read-only fields left out. */
function asBody(course: CourseDoc): Body {
  return {
    name: course.name,
    duration_minutes: course.duration_minutes,
    passing_score: course.passing_score,
    all_companies: course.all_companies,
    company_ids: course.company_ids,
    topics: course.topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      kind: topic.kind,
      content: topic.content,
      questions: topic.questions.map((q) => {
        const { position: _p, ...rest } = q as Body;
        return rest;
      }),
    })),
  };
}

describe('POST /courses and GET /courses/{id}', () => {
  it('stores the whole document in order and reads it back, with an audit entry', async () => {
    const course = await create();
    expect(course).toMatchObject({
      name: 'Fire Safety',
      attempts_allowed: 3,
      recertify_months: 12,
      all_companies: true,
      companies: 0,
      topics_count: 2,
      learners: 0,
      active: true,
      category: null,
    });
    expect(course.topics.map((topic) => [topic.name, topic.kind, topic.questions.length])).toEqual([
      ['Introduction', 'text', 0],
      ['Check', 'questions', 3],
    ]);
    const read = await admin.get(`/api/v3/courses/${course.id}`);
    expect(read.statusCode).toBe(200);
    const data = (read.json() as { data: CourseDoc }).data;
    expect(data).toEqual(course);
    expect(data.topics[1]).toMatchObject({ question_pool: 1, shuffle: true, position: 2 });
    expect((data.topics[1]!.questions[0] as Body).options).toEqual([
      option('CO2', true, 'Right: no conductivity.'),
      option('Water', false, 'Water conducts.'),
    ]);
    const stored = await t.db.selectFrom('questions').selectAll().orderBy('id').execute();
    expect(stored.map((q) => [q.type, q.correct_option])).toEqual([
      ['single', 0],
      ['true_false', 1],
      ['multiple', 0],
    ]);
    const [entry] = await audits('course.create');
    expect(entry).toMatchObject({ entity_type: 'course', entity_id: String(course.id), before: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ name: 'Fire Safety', topics: [{ name: 'Introduction' }, {}] });
  });

  it('keeps the listed companies of a course not for all companies', async () => {
    const course = await create(document({ all_companies: false, company_ids: [w.companyB, w.companyA, w.companyA] }));
    expect(course.company_ids).toEqual([w.companyA, w.companyB].sort((a, b) => a - b));
    expect(course.companies).toBe(2);
  });

  it('sanitises rich text on the server: no script, no event attributes, no javascript: links', async () => {
    const html =
      '<p>Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
      '<a href="https://heed.test/x" onclick="alert(4)">good</a><style>p{}</style><iframe src="https://x.test"></iframe></p>';
    const course = await create(document({ topics: [{ name: 'Text', kind: 'text', content: html }] }));
    const content = course.topics[0]!.content!;
    expect(content).not.toMatch(/script|onerror|onclick|javascript:|<img|<style|<iframe|alert/i);
    expect(content).toContain('href="https://heed.test/x"');
    expect(content).toContain('rel="noopener noreferrer nofollow"');
    expect(content).toContain('<p>Hi');
  });

  it('answers 422 with field details on every rule', async () => {
    const cases: [Body, string, RegExp?][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ passing_score: 101 }, 'passing_score'],
      [{ passing_score: -1 }, 'passing_score'],
      [{ duration_minutes: 0 }, 'duration_minutes'],
      [{ duration_minutes: 10_001 }, 'duration_minutes'],
      [{ attempts_allowed: 0 }, 'attempts_allowed'],
      [{ attempts_allowed: 101 }, 'attempts_allowed'],
      [{ recertify_months: 121 }, 'recertify_months'],
      [{ category_id: 999_999 }, 'category_id', /existing category/],
      [{ all_companies: false, company_ids: [999_999] }, 'company_ids', /999999/],
      [{ topics: [{ name: 'Q', kind: 'questions', questions: [] }] }, 'topics.0.questions', /at least one/],
      [
        {
          topics: [
            { name: 'T', kind: 'text', questions: [{ prompt: 'p', options: [option('a', true), option('b')] }] },
          ],
        },
        'topics.0.questions',
        /no questions/,
      ],
      [
        {
          topics: [
            {
              name: 'Q',
              kind: 'questions',
              questions: [{ prompt: 'p', options: [option('a', true), option('b', true)] }],
            },
          ],
        },
        'topics.0.questions.0.options',
        /exactly one/,
      ],
      [
        {
          topics: [
            {
              name: 'Q',
              kind: 'questions',
              questions: [{ type: 'multiple', prompt: 'p', options: [option('a'), option('b')] }],
            },
          ],
        },
        'topics.0.questions.0.options',
        /at least one/,
      ],
      [
        {
          topics: [
            {
              name: 'Q',
              kind: 'questions',
              questions: [{ type: 'true_false', prompt: 'p', options: [option('a', true), option('b'), option('c')] }],
            },
          ],
        },
        'topics.0.questions.0.options',
        /exactly two/,
      ],
      [
        { topics: [{ name: 'Q', kind: 'questions', questions: [{ prompt: 'p', options: [option('a', true)] }] }] },
        'topics.0.questions.0.options',
        /between 2 and 10/,
      ],
      [
        {
          topics: [
            {
              name: 'Q',
              kind: 'questions',
              questions: [{ prompt: 'p', options: Array.from({ length: 11 }, (_, i) => option(`o${i}`, i === 0)) }],
            },
          ],
        },
        'topics.0.questions.0.options',
        /between 2 and 10/,
      ],
      [
        {
          topics: [
            {
              name: 'Q',
              kind: 'questions',
              question_pool: 2,
              questions: [{ prompt: 'p', options: [option('a', true), option('b')] }],
            },
          ],
        },
        'topics.0.question_pool',
        /1 question/,
      ],
      [{ topics: [{ name: 'T', kind: 'audio' }] }, 'topics.0.kind'],
      [{ topics: [{ id: 1, name: 'T', kind: 'text' }] }, 'topics.0.id', /not part of the course/],
    ];
    for (const [change, field, message] of cases) {
      const response = await admin.post('/api/v3/courses', document(change));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      const details = error(response).details ?? {};
      expect(Object.keys(details), `${JSON.stringify(change)} → ${response.body}`).toContain(field);
      if (message) expect(details[field]!.join(' ')).toMatch(message);
    }
    expect(await t.db.selectFrom('courses').select('id').execute()).toEqual([]);
  });
});

describe('PUT /courses/{id}', () => {
  it('updates in place, reorders, adds and removes topics and questions, with before and after audited', async () => {
    const course = await create();
    const body = asBody(course);
    const topics = body.topics as Body[];
    const questions = topics[1]!.questions as Body[];
    topics[1]!.questions = [
      questions[2],
      { type: 'single', prompt: 'New?', options: [option('y', true), option('n')] },
    ];
    body.topics = [topics[1], { name: 'Outro', kind: 'text', content: '<p>Bye</p>' }];
    body.name = 'Fire Safety 2';
    const response = await admin.put(`/api/v3/courses/${course.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    const after = (response.json() as { data: CourseDoc }).data;
    expect(after.name).toBe('Fire Safety 2');
    expect(after.topics.map((topic) => topic.name)).toEqual(['Check', 'Outro']);
    expect(after.topics[0]!.id).toBe(course.topics[1]!.id);
    expect(after.topics[0]!.questions.map((q) => q.id)[0]).toBe(course.topics[1]!.questions[2]!.id);
    expect(after.topics[0]!.questions).toHaveLength(2);
    const remaining = await t.db.selectFrom('questions').select('id').execute();
    expect(remaining).toHaveLength(2);
    expect(await t.db.selectFrom('topics').select('id').execute()).toHaveLength(2);
    const [entry] = await audits('course.update');
    expect(JSON.parse(entry!.before!).name).toBe('Fire Safety');
    expect(JSON.parse(entry!.after!).name).toBe('Fire Safety 2');
  });

  it('removes a topic or question learners have activity on; their rows stay and version 1 keeps it (decision 060)', async () => {
    const course = await create();
    const { assignmentId, userId } = await assignCourse(t.db, w.companyA, course.id);
    const check = course.topics[1]!;
    await t.db
      .insertInto('question_answers')
      .values({
        company_id: w.companyA,
        user_id: userId,
        assignment_id: assignmentId,
        course_id: course.id,
        topic_id: check.id,
        question_id: check.questions[0]!.id,
        answer: 0,
        correct: 1,
        attempt: 1,
        created_at: 'x',
      })
      .execute();
    await t.db
      .insertInto('course_activity')
      .values({
        company_id: w.companyA,
        user_id: userId,
        course_id: course.id,
        assignment_id: assignmentId,
        topic_id: course.topics[0]!.id,
        event: 'topic_completed',
        data: null,
        created_at: 'x',
      })
      .execute();
    const body = asBody(course);
    body.topics = [];
    const response = await admin.put(`/api/v3/courses/${course.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.db.selectFrom('topics').select('id').where('course_id', '=', course.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('question_answers').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('course_activity').select('master_id').execute()).toHaveLength(1);
    const first = await t.db
      .selectFrom('course_versions')
      .select('document')
      .where('course_id', '=', course.id)
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(first.document) as { topics: unknown[] }).topics).toHaveLength(2);
  });

  it('refuses ids of another course’s topics and questions', async () => {
    const one = await create();
    const two = await create(document({ name: 'Other' }));
    const body = asBody(one);
    (body.topics as Body[])[0]!.id = two.topics[0]!.id;
    ((body.topics as Body[])[1]!.questions as Body[])[0]!.id = two.topics[1]!.questions[0]!.id;
    const response = await admin.put(`/api/v3/courses/${one.id}`, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(error(response).details!)).toEqual(
      expect.arrayContaining(['topics.0.id', 'topics.1.questions.0.id']),
    );
  });

  it('answers 404 for a course that does not exist', async () => {
    expect((await admin.put('/api/v3/courses/999999', document())).statusCode).toBe(404);
  });
});

describe('DELETE /courses/{id}', () => {
  it('deletes a course without assignments with its topics, and audits it', async () => {
    const course = await create();
    const response = await admin.delete(`/api/v3/courses/${course.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.db.selectFrom('courses').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('topics').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('questions').select('id').execute()).toEqual([]);
    const [entry] = await audits('course.delete');
    expect(JSON.parse(entry!.before!).name).toBe('Fire Safety');
  });

  it('refuses with the count of assignments', async () => {
    const course = await create();
    await assignCourse(t.db, w.companyA, course.id);
    await assignCourse(t.db, w.companyB, course.id);
    const response = await admin.delete(`/api/v3/courses/${course.id}`);
    expect(response.statusCode).toBe(422);
    expect(error(response).message).toBe('2 assignments reference this course. Deactivate it instead.');
    expect(await t.db.selectFrom('courses').select('id').execute()).toHaveLength(1);
  });

  const rule = (companyId: number, name: string, courseIds: number[]) =>
    t.db
      .insertInto('assignment_rules')
      .values({
        company_id: companyId,
        name,
        match: 'all',
        conditions: '[]',
        course_ids: JSON.stringify(courseIds),
        due_days: null,
        recertify_months: null,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();

  it('refuses while assignment rules list the course, naming each rule and its company, and writes nothing', async () => {
    const course = await create();
    const other = await create(document({ name: 'Other' }));
    // Ids that share digits with the course's (1 in 11, 21 in 121) must not count.
    const near = [course.id * 10 + 1, Number(`1${course.id}`), Number(`${course.id}1`)];
    await rule(w.companyA, 'New starters', [other.id, course.id]);
    await rule(w.companyB, 'Warehouse', [course.id]);
    await rule(w.companyA, 'Lookalikes', [other.id, ...near]);
    const response = await admin.delete(`/api/v3/courses/${course.id}`);
    expect(response.statusCode).toBe(422);
    const body = error(response);
    expect(body.message).toBe(
      '2 assignment rules assign this course. Remove it from them first, or deactivate the course.',
    );
    expect(body.details?.rules).toEqual(['"New starters" (Alpha)', '"Warehouse" (Beta)']);
    expect(await t.db.selectFrom('courses').select('id').where('id', '=', course.id).execute()).toHaveLength(1);
    expect(await audits('course.delete')).toEqual([]);

    // One rule left: the singular message; none left: deleted.
    await t.db.deleteFrom('assignment_rules').where('name', '=', 'New starters').execute();
    const single = await admin.delete(`/api/v3/courses/${course.id}`);
    expect(single.statusCode).toBe(422);
    expect(error(single).message).toBe(
      'An assignment rule assigns this course. Remove it from the rule first, or deactivate the course.',
    );
    await t.db.deleteFrom('assignment_rules').where('name', '=', 'Warehouse').execute();
    const deleted = await admin.delete(`/api/v3/courses/${course.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The lookalike rule did not block it and is untouched.
    const left = await t.db.selectFrom('assignment_rules').select('course_ids').execute();
    expect(left.map((r) => JSON.parse(r.course_ids))).toEqual([[other.id, ...near]]);
  });
});

describe('course thumbnails', () => {
  const uploadAsset = async (file: Buffer, name: string, mime: string, headers: Record<string, string> = {}) => {
    const response = await upload(admin, assetParts('course_media', file, name, mime), headers);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: { url: string; path: string } }).data;
  };
  const thumbnailOf = async (id: number) =>
    (await t.db.selectFrom('courses').select('thumbnail_path').where('id', '=', id).executeTakeFirstOrThrow())
      .thumbnail_path;

  it('stores an uploaded image asset as the thumbnail; a save without the field keeps it, null removes it', async () => {
    const image = await uploadAsset(PNG, 'fire.png', 'image/png');
    const course = await create(document({ thumbnail_path: image.url }));
    expect(course.thumbnail_path).toBe(image.url);
    expect(await thumbnailOf(course.id)).toBe(image.url);
    const listed = await admin.get('/api/v3/courses');
    expect((listed.json() as { data: { thumbnail_path: string | null }[] }).data[0]!.thumbnail_path).toBe(image.url);

    // The console's document without the field (an older client) keeps the thumbnail.
    const kept = await admin.put(`/api/v3/courses/${course.id}`, document({ name: 'Fire Safety 2' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await thumbnailOf(course.id)).toBe(image.url);

    // The asset is in use while it is the thumbnail.
    const refused = await admin.delete('/api/v3/companies/assets', { query: { path: image.path } });
    expect(refused.statusCode).toBe(409);

    const cleared = await admin.put(`/api/v3/courses/${course.id}`, document({ thumbnail_path: null }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await thumbnailOf(course.id)).toBeNull();
  });

  it('lets every company that may use the course load its thumbnail, and no other file of the site admins', async () => {
    const everyone = await uploadAsset(PNG, 'everyone.png', 'image/png');
    const onlyA = await uploadAsset(PNG, 'only-a.png', 'image/png');
    const unused = await uploadAsset(PNG, 'unused.png', 'image/png');
    await create(document({ name: 'For all', thumbnail_path: everyone.url }));
    await create(
      document({ name: 'For A', all_companies: false, company_ids: [w.companyA], thumbnail_path: onlyA.url }),
    );
    const aDm = await signedIn(t.app, 'a.dm');
    const bDm = await signedIn(t.app, 'b.dm');
    const status = async (client: TestClient, url: string) => (await client.get(url)).statusCode;
    expect(await status(aDm, everyone.url)).toBe(200);
    expect(await status(aDm, onlyA.url)).toBe(200);
    expect(await status(bDm, everyone.url)).toBe(200);
    expect(await status(bDm, onlyA.url)).toBe(404);
    expect(await status(aDm, unused.url)).toBe(404);
  });

  it('refuses a thumbnail that is not an image asset of the company in scope, or larger than 2 MB', async () => {
    const pdf = await uploadAsset(PDF, 'policy.pdf', 'application/pdf');
    const large = await uploadAsset(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'poster.png', 'image/png');
    const elsewhere = await uploadAsset(PNG, 'theirs.png', 'image/png', { 'x-company-id': String(w.companyA) });
    const cases: [unknown, string][] = [
      [pdf.url, 'A thumbnail must be a PNG, JPEG or WebP image of at most 2 MB.'],
      [large.url, 'A thumbnail must be a PNG, JPEG or WebP image of at most 2 MB.'],
      [elsewhere.url, 'Choose an image from the company’s files, or upload one.'],
      ['https://example.com/picture.png', 'Choose an image from the company’s files, or upload one.'],
      [`${pdf.url}&path=other`, 'Choose an image from the company’s files, or upload one.'],
    ];
    for (const [thumbnail, message] of cases) {
      const response = await admin.post('/api/v3/courses', document({ thumbnail_path: thumbnail }));
      expect(response.statusCode, String(thumbnail)).toBe(422);
      expect(error(response).details?.thumbnail_path).toEqual([message]);
    }
    expect(await t.db.selectFrom('courses').select('id').execute()).toEqual([]);
  });
});

describe('who sees which course', () => {
  let ids: { all: number; a: number; b: number; none: number };
  beforeEach(async () => {
    const category = await createCategoryRow(t.db, 'Safety');
    ids = {
      all: await createCourseRow(t.db, { name: 'For all', allCompanies: true, categoryId: category }),
      a: await createCourseRow(t.db, { name: 'For A', companyIds: [w.companyA] }),
      b: await createCourseRow(t.db, { name: 'For B', companyIds: [w.companyB] }),
      none: await createCourseRow(t.db, { name: 'For nobody' }),
    };
    await assignCourse(t.db, w.companyA, ids.a);
    await assignCourse(t.db, w.companyB, ids.a);
    await assignCourse(t.db, w.companyB, ids.b);
  });
  const listIds = async (client: TestClient, headers: Record<string, string> = {}) => {
    const response = await client.get('/api/v3/courses?sort=id', { headers });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { id: number; learners: number }[] }).data;
  };

  it('a Department Manager and a Company Manager see the courses their company may use, read-only', async () => {
    for (const login of ['a.dm', 'a.cm']) {
      const client = await signedIn(t.app, login);
      const rows = await listIds(client);
      expect(rows.map((r) => r.id)).toEqual([ids.all, ids.a]);
      expect(rows.find((r) => r.id === ids.a)!.learners).toBe(1);
      expect((await client.get(`/api/v3/courses/${ids.a}`)).statusCode).toBe(200);
      expect((await client.get(`/api/v3/courses/${ids.b}`)).statusCode).toBe(404);
      expect((await client.get(`/api/v3/courses/${ids.none}`)).statusCode).toBe(404);
      expect((await client.post('/api/v3/courses', document())).statusCode).toBe(403);
      expect((await client.put(`/api/v3/courses/${ids.a}`, document())).statusCode).toBe(403);
      expect((await client.delete(`/api/v3/courses/${ids.a}`)).statusCode).toBe(403);
      // Naming another company is refused, as everywhere.
      expect(
        (await client.get('/api/v3/courses', { headers: { 'x-company-id': String(w.companyB) } })).statusCode,
      ).toBe(403);
    }
  });

  it('Reviewers and Students are refused', async () => {
    for (const login of ['a.reviewer', 'a.student']) {
      const client = await signedIn(t.app, login);
      expect((await client.get('/api/v3/courses')).statusCode).toBe(403);
      expect((await client.get(`/api/v3/courses/${ids.all}`)).statusCode).toBe(403);
      expect((await client.get('/api/v3/course-categories')).statusCode).toBe(403);
    }
  });

  it('a site admin sees every course; learners count the company acted on', async () => {
    const inA = await listIds(admin, { 'x-company-id': String(w.companyA) });
    expect(inA.map((r) => r.id)).toEqual([ids.all, ids.a, ids.b, ids.none]);
    expect(inA.map((r) => r.learners)).toEqual([0, 1, 0, 0]);
    const inB = await listIds(admin, { 'x-company-id': String(w.companyB) });
    expect(inB.map((r) => r.learners)).toEqual([0, 1, 1, 0]);
    expect((await admin.get(`/api/v3/courses/${ids.none}`)).statusCode).toBe(200);
  });

  it('the course picker tree holds only the active courses the company may use', async () => {
    await createCourseRow(t.db, { name: 'Retired', allCompanies: true, active: false });
    const dm = await signedIn(t.app, 'a.dm');
    const response = await dm.get('/api/v3/course-categories?with_courses=1');
    expect(response.statusCode, response.body).toBe(200);
    const root = (response.json() as { data: TreeNode }).data;
    const leaves: number[] = [];
    const walk = (node: TreeNode) => {
      if (!node.category) leaves.push(node.id);
      node.children.forEach(walk);
    };
    walk(root);
    expect(leaves.sort((x, y) => x - y)).toEqual([ids.all, ids.a]);
    const safety = root.children.find((c) => c.name === 'Safety')!;
    expect(safety.children).toEqual([
      {
        id: ids.all,
        name: 'For all',
        label: 'For all',
        display_name: 'For all',
        parent_id: safety.id,
        category: false,
        children: [],
      },
    ]);
  });
});

interface TreeNode {
  id: number;
  name: string;
  category: boolean;
  parent_id: number | null;
  children: TreeNode[];
}
