import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scormFiles, scormPackage, zipFiles } from './fixtures/scorm-packages.ts';
import { TestClient, signedIn } from './support/client.ts';
import { markSymlink, postMedia } from './support/course-media-files.ts';
import { type CatalogWorld, createCatalogWorld } from './support/courses-fixture.ts';
import { declareSize, repeat, zipOf } from './support/hostile-files.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// SCORM packages through the API: the two fixture packages import and play from their content path;
// every hostile archive the issue lists is refused with its message, leaving no file and no row.

let t: TestApp;
let w: CatalogWorld;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  w = await createCatalogWorld(t.db);
  admin = await signedIn(t.app, 'root');
});
afterAll(async () => t.close());

const MB = 1024 * 1024;

interface Media {
  id: number;
  kind: string;
  scorm_version: string | null;
  launch_path: string | null;
  title: string | null;
  file_count: number | null;
  content_url: string;
  original_name: string;
  size: number;
}

/** Every file under the course media storage, temporary ones included. */
function storedFiles(): string[] {
  try {
    return readdirSync(join(t.dataDir, 'course-media'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

const mediaRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('course_media')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

async function upload(zip: Buffer, name: string): Promise<Media> {
  const response = await postMedia(admin, 'scorm', zip, name);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Media }).data;
}

/** Uploads `zip`; expects a 422 on `file` matching `message`, no new file and no new row. */
async function expectRefused(zip: Buffer, message: RegExp | string) {
  const [files, rows] = [storedFiles(), await mediaRows()];
  const response = await postMedia(admin, 'scorm', zip, 'hostile.zip');
  expect(response.statusCode, response.body).toBe(422);
  const details = (response.json() as { error: { details: Record<string, string[]> } }).error.details;
  expect(details.file).toHaveLength(1);
  if (typeof message === 'string') expect(details.file![0]).toBe(message);
  else expect(details.file![0]).toMatch(message);
  expect(storedFiles()).toEqual(files);
  expect(await mediaRows()).toBe(rows);
}

/** A course of company A with one SCORM topic playing `mediaId`. */
async function courseWith(mediaId: number) {
  const response = await admin.post('/api/v3/courses', {
    name: `SCORM course ${mediaId}`,
    duration_minutes: 15,
    passing_score: 80,
    company_ids: [w.companyA],
    topics: [{ name: 'The package', kind: 'scorm', media_id: mediaId }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number; topics: { id: number }[] } }).data;
}

describe('SCORM packages: the fixtures', () => {
  it('imports the SCORM 1.2 package: version, launch file, title, files, audit', async () => {
    const media = await upload(await scormPackage('scorm12'), 'fire-doors.zip');
    expect(media).toMatchObject({
      kind: 'scorm',
      scorm_version: '1.2',
      launch_path: 'index.html',
      title: 'Fire Doors (SCORM 1.2)',
      file_count: 4,
      original_name: 'fire-doors.zip',
      content_url: `/content/scorm/${media.id}/index.html`,
    });
    const unpacked = storedFiles().filter((f) => f.includes(`${join('course-media', 'scorm')}`));
    expect(unpacked.map((f) => f.split(/[\\/]/).pop()).sort()).toEqual([
      'imsmanifest.xml',
      'index.html',
      'runtime.js',
      'style.css',
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'course_media.upload')
      .where('entity_id', '=', String(media.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('imports the SCORM 2004 package, its launch under xml:base with its query string', async () => {
    const media = await upload(await scormPackage('scorm2004'), 'evacuation.zip');
    expect(media).toMatchObject({
      scorm_version: '2004',
      launch_path: 'course/start.html?lang=en',
      title: 'Evacuation & Assembly (SCORM 2004)',
      file_count: 4,
      content_url: `/content/scorm/${media.id}/course/start.html?lang=en`,
    });
    const listed = await admin.get('/api/v3/course-media?kind=scorm&text=evacuation');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { data: Media[] }).data.map((m) => m.id)).toEqual([media.id]);
  });
});

describe('SCORM packages: serving', () => {
  it('serves a package to a learner of a company that may use the course, sandboxed, through a content key', async () => {
    const media = await upload(await scormPackage('scorm2004'), 'evacuation.zip');
    await courseWith(media.id);
    const student = await signedIn(t.app, 'a.student');

    const launch = await student.get(media.content_url);
    expect(launch.statusCode, launch.body).toBe(302);
    const location = launch.headers.location as string;
    expect(location).toMatch(
      new RegExp(`^/content/scorm/${media.id}/~[0-9a-z]+\\.[0-9a-z]+\\.[\\w-]{32}/course/start\\.html\\?lang=en$`),
    );

    // The sandboxed page's own requests carry no cookie: the key alone opens the package.
    const anonymous = new TestClient(t.app);
    const page = await anonymous.get(location);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toMatch(/^sandbox allow-scripts /);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("connect-src 'self'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('<head><script src="/content/scorm-runtime.js"></script>');
    expect(page.body).toContain("api.SetValue('cmi.location', 'halfway')");

    const base = location.slice(0, location.indexOf('/course/'));
    const style = await anonymous.get(`${base}/course/style.css`);
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.body).toBe(scormFiles('scorm2004')['course/style.css']);

    const runtime = await anonymous.get('/content/scorm-runtime.js');
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(runtime.body).toContain('CrossFrameAPI');

    // Missing files, paths that climb out, forged keys and another package's key: all 404.
    expect((await anonymous.get(`${base}/course/nothing.html`)).statusCode).toBe(404);
    expect((await anonymous.get(`${base}/..%2Fimsmanifest.xml`)).statusCode).toBe(404);
    expect((await anonymous.get(`${base}/course%2F..%2F..%2Fsecret`)).statusCode).toBe(404);
    const forged = `${base.slice(0, -4)}AAAA/course/style.css`;
    expect((await anonymous.get(forged)).statusCode).toBe(404);
    const other = await upload(await scormPackage('scorm12'), 'other.zip');
    expect(
      (await anonymous.get(`${base.replace(`/scorm/${media.id}/`, `/scorm/${other.id}/`)}/index.html`)).statusCode,
    ).toBe(404);
    // Without a key, no cookie: not found.
    expect((await anonymous.get(media.content_url)).statusCode).toBe(404);
  });

  it('answers 404 to a company that may not use a course playing it, and stops a key once the reader is suspended', async () => {
    const media = await upload(await scormPackage('scorm12'), 'fire-doors.zip');
    const beta = await signedIn(t.app, 'b.dm');
    expect((await beta.get(media.content_url)).statusCode).toBe(404);
    await courseWith(media.id);
    expect((await beta.get(media.content_url)).statusCode).toBe(404);

    const student = await signedIn(t.app, 'a.student');
    const location = (await student.get(media.content_url)).headers.location as string;
    expect((await new TestClient(t.app).get(location)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ suspended: 1 }).where('username', '=', 'a.student').execute();
    expect((await new TestClient(t.app).get(location)).statusCode).toBe(404);
    await t.db.updateTable('users').set({ suspended: 0 }).where('username', '=', 'a.student').execute();

    // A key lasts 12 hours.
    t.clock.advanceMinutes(12 * 60 + 1);
    expect((await new TestClient(t.app).get(location)).statusCode).toBe(404);
    t.clock.advanceMinutes(-(12 * 60 + 1));

    // Site admins read every package, in a course or not.
    const loose = await upload(await scormPackage('scorm12'), 'loose.zip');
    expect((await admin.get(loose.content_url)).statusCode).toBe(302);
  });

  it('refuses to delete a package a topic plays; deletes it with its files otherwise', async () => {
    const media = await upload(await scormPackage('scorm12'), 'delete-me.zip');
    const course = await courseWith(media.id);
    const refused = await admin.delete(`/api/v3/course-media/${media.id}`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect((refused.json() as { error: { message: string } }).error.message).toBe(
      '1 topic plays this media: remove it from its course first.',
    );
    const removed = await admin.put(`/api/v3/courses/${course.id}`, {
      name: 'No SCORM now',
      duration_minutes: 15,
      passing_score: 80,
      company_ids: [w.companyA],
      topics: [{ name: 'Text', kind: 'text', content: '<p>Plain</p>' }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = storedFiles().length;
    const deleted = await admin.delete(`/api/v3/course-media/${media.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(storedFiles().length).toBe(before - 4);
    expect((await admin.get(`/api/v3/course-media/${media.id}`)).statusCode).toBe(404);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'course_media.delete').execute();
    expect(audit.map((a) => a.entity_id)).toContain(String(media.id));
  });
});

describe('SCORM packages: refused with a clear message, nothing left behind', () => {
  const files12 = scormFiles('scorm12');

  it('refuses a zip without imsmanifest.xml, with an unknown schema version, or whose launch file is not in it', async () => {
    const { 'imsmanifest.xml': _manifest, ...withoutManifest } = files12;
    await expectRefused(
      await zipFiles(withoutManifest),
      'The package has no imsmanifest.xml at its top level: export the course as a SCORM 1.2 or SCORM 2004 package and upload the zip again.',
    );
    await expectRefused(
      await zipFiles({ ...files12, 'imsmanifest.xml': files12['imsmanifest.xml']!.replace('>1.2<', '>CAM 1.0<') }),
      'The package’s imsmanifest.xml declares schema version “CAM 1.0”: Heed plays SCORM 1.2 and SCORM 2004 packages.',
    );
    const { 'index.html': _launch, ...withoutLaunch } = files12;
    await expectRefused(await zipFiles(withoutLaunch), 'The package’s launch file “index.html” is not in the zip.');
    await expectRefused(
      await zipFiles({
        ...files12,
        'imsmanifest.xml': '<manifest><metadata><schemaversion>1.2</schemaversion></metadata><resources/></manifest>',
      }),
      'The package’s imsmanifest.xml names no file to launch (no resource with an href).',
    );
  });

  it('refuses entries whose path climbs out of the package, absolute paths and symbolic links', async () => {
    await expectRefused(
      await zipFiles({ ...files12, '../../etc/cron.d/evil': 'x' }),
      'The package holds a file whose path leaves the package (“../../etc/cron.d/evil”); it was not stored.',
    );
    await expectRefused(
      await zipFiles({ ...files12, 'media/../../evil.html': 'x' }),
      /^The package holds a file whose path leaves the package \(“media\/\.\.\/\.\.\/evil\.html”\)/,
    );
    await expectRefused(
      await zipFiles({ ...files12, '/etc/passwd': 'x' }),
      'The package holds a file with an absolute path (“/etc/passwd”); it was not stored.',
    );
    await expectRefused(
      await zipFiles({ ...files12, 'C:\\Windows\\evil.dll': 'x' }),
      /^The package holds a file with an absolute path \(“C:\/Windows\/evil\.dll”\)/,
    );
    const linked = markSymlink(await zipFiles({ ...files12, 'secrets.txt': '/etc/passwd' }), 'secrets.txt');
    await expectRefused(linked, 'The package holds a symbolic link (“secrets.txt”); it was not stored.');
  });

  it('refuses more than 20,000 entries', async () => {
    const many = await zipOf([
      ...Object.entries(files12).map(([name, content]) => ({ name, content, stored: true })),
      ...Array.from({ length: 20_000 }, (_, i) => ({ name: `f/${i}.txt`, content: '', stored: true })),
    ]);
    await expectRefused(many, 'The SCORM package holds more than 20,000 files; it was not read.');
  });

  it('refuses a package that unpacks past 2 GB, and one compressed past 100:1', async () => {
    // Three stored entries of 8 MB (random: they do not compress) that declare 700 MB each: 2.1 GB at 87:1.
    // Base64 of random bytes: text that does not compress.
    const noise = () => randomBytes(6 * MB).toString('base64');
    let big = await zipOf([
      ...Object.entries(files12).map(([name, content]) => ({ name, content, stored: true })),
      ...[1, 2, 3].map((n) => ({ name: `media/${n}.bin`, content: noise(), stored: true })),
    ]);
    for (const n of [1, 2, 3]) big = declareSize(big, `media/${n}.bin`, 700 * MB);
    await expectRefused(big, 'The package unpacks to more than 2 GB; it was not stored.');

    const bomb = await zipOf([
      ...Object.entries(files12).map(([name, content]) => ({ name, content, stored: true })),
      { name: 'media/zeros.txt', content: repeat('0000000000000000', 60 * MB) },
    ]);
    expect(bomb.length).toBeLessThan(MB);
    await expectRefused(
      bomb,
      'The package is compressed more than 100 to 1, as only a decompression bomb is; it was not stored.',
    );

    // An entry lying about its size is stopped while it inflates, and its half-written files go.
    const lying = declareSize(bomb, 'media/zeros.txt', 2 * MB);
    await expectRefused(
      lying,
      /^The package’s file “media\/zeros\.txt” (is larger than the archive's directory says|is compressed more than 100 to 1)/,
    );
  });

  it('refuses a small file that inflates past the size the directory declares', async () => {
    const zip = declareSize(await scormPackage('scorm12'), 'runtime.js', 10);
    await expectRefused(
      zip,
      "The package’s file “runtime.js” is larger than the archive's directory says: the file is damaged.",
    );
  });

  it('refuses what is not a zip, and a zip that is damaged', async () => {
    await expectRefused(
      Buffer.from('not a zip at all'),
      'A SCORM package must be a SCORM 1.2 or SCORM 2004 package (a .zip).',
    );
    const zip = await scormPackage('scorm12');
    await expectRefused(zip.subarray(0, zip.length - 30), /^The file is not a readable SCORM package\.$/);
  });
});
