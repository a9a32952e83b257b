import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PNG, assetParts, upload } from './assets.fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let cm: TestClient;
let acme: { id: number };
const stamp = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  t = await createTestApp();
  acme = await createCompany(t.db, { name: 'Acme' });
  await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
  await createUser(t.db, { companyId: acme.id, role: 2, username: 'acme.dm' });
  cm = await signedIn(t.app, 'acme.cm');
});
afterEach(async () => t.close());

const del = (client: TestClient, path: string) =>
  client.delete(`/api/v3/companies/assets?path=${encodeURIComponent(path)}`);

describe('DELETE /companies/assets while the asset is in use', () => {
  it('refuses with 409 and lists every user of it: the branding, a course thumbnail, a topic', async () => {
    const logo = (await upload(cm, assetParts('logo', PNG, 'logo.png'))).json().data;
    const image = (await upload(cm, assetParts('course_media', PNG, 'diagram.png'))).json().data;
    expect((await cm.put(`/api/v3/companies/${acme.id}`, { logo_path: logo.path })).statusCode).toBe(200);
    const course = await t.db
      .insertInto('courses')
      .values({
        name: 'Fire Safety',
        description: null,
        duration_minutes: 10,
        passing_score: 80,
        recertify_months: null,
        attempts_allowed: null,
        thumbnail_path: image.url,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('topics')
      .values({
        course_id: course.id,
        name: 'Exits',
        content: `<p><img src="${image.url}"></p>`,
        position: 1,
        question_pool: null,
      })
      .execute();

    const refused = await del(cm, logo.path);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      message: '"logo.png" is in use and was not deleted. Stop using it first.',
      details: { path: ["The company's logo (Edit Company)"] },
    });
    const media = await del(cm, image.path);
    expect(media.statusCode).toBe(409);
    expect(media.json().error.details.path).toEqual([
      'The thumbnail of the course "Fire Safety"',
      'The topic "Exits" of the course "Fire Safety"',
    ]);
    expect(await t.db.selectFrom('assets').select('id').execute()).toHaveLength(2);
    expect((await cm.get(logo.url)).statusCode).toBe(200);

    // Once nothing uses it, it goes.
    await cm.put(`/api/v3/companies/${acme.id}`, { logo_path: null });
    expect((await del(cm, logo.path)).statusCode).toBe(204);
    expect((await cm.get(logo.url)).statusCode).toBe(404);
  });
});

describe('serving assets', () => {
  it('answers byte ranges (videos seek) and refuses an unsatisfiable one', async () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(1000, 7)]);
    const asset = (await upload(cm, assetParts('course_media', video, 'intro.mp4'))).json().data;
    const whole = await cm.get(asset.url);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''intro.mp4`);
    const part = await cm.get(asset.url, { headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${video.length}`);
    expect(part.body).toBe('ftypmp42');
    const tail = await cm.get(asset.url, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(video.subarray(-10))).toBe(true);
    const beyond = await cm.get(asset.url, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('never opens a path the client made up', async () => {
    for (const path of ['../heed.sqlite', `${acme.id}/logo/../../../heed.sqlite`, '/etc/passwd', `${acme.id}/logo`]) {
      expect((await cm.get(`/api/v3/companies/assets/file?path=${encodeURIComponent(path)}`)).statusCode).toBe(404);
    }
  });
});

describe('File Management access', () => {
  it('is closed to a Department Manager', async () => {
    const dm = await signedIn(t.app, 'acme.dm');
    expect((await dm.get('/api/v3/companies/assets/files')).statusCode).toBe(403);
    expect((await upload(dm, assetParts('logo', PNG, 'logo.png'))).statusCode).toBe(403);
    expect((await del(dm, `${acme.id}/logo/x.png`)).statusCode).toBe(403);
  });
});
