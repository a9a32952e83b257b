import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, assetParts, upload } from './assets.fixture.ts';
import { scormFiles, scormPackage } from './fixtures/scorm-packages.ts';
import { TestClient, signedIn } from './support/client.ts';
import { postMedia } from './support/course-media-files.ts';
import { type CatalogWorld, createCatalogWorld } from './support/courses-fixture.ts';
import { type TestS3Server, startS3Server } from './support/s3-server.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { loadConfig } from '../src/config.ts';

// The app configured with STORAGE=s3 (decision 086) against the test S3 server: uploads land in the
// bucket, never under DATA_DIR, and are served back whole and by ranges; deletes reach the bucket.

let server: TestS3Server;
let t: TestApp;
let w: CatalogWorld;
let admin: TestClient;

beforeAll(async () => {
  server = await startS3Server();
  t = await createTestApp({
    storage: {
      kind: 's3',
      endpoint: server.endpoint,
      region: server.region,
      bucket: server.bucket,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
      forcePathStyle: true,
      prefix: 'heed',
    },
  });
  w = await createCatalogWorld(t.db);
  admin = await signedIn(t.app, 'root');
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

/** Files the app left on local disk for an area (staging included). */
const localFiles = (...path: string[]) => {
  const dir = join(t.dataDir, ...path);
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
};

describe('STORAGE=s3 through the API', () => {
  it('stores an uploaded asset in the bucket, serves it whole and by range, and deletes it there', async () => {
    const cm = await signedIn(t.app, 'a.cm');
    const body = Buffer.concat([PDF, randomBytes(3 * 1024 * 1024)]);
    const response = await upload(cm, assetParts('policy_document', body, 'Policy.pdf', 'application/pdf'));
    expect(response.statusCode, response.body).toBe(201);
    const asset = response.json().data as { path: string; url: string; size: number };
    expect(asset.size).toBe(body.length);
    expect(server.keys()).toContain(`heed/assets/${asset.path}`);
    expect(localFiles('assets')).toEqual([]);
    expect(localFiles('s3-staging')).toEqual([]);

    const whole = await cm.get(asset.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(body.length));
    expect(whole.rawPayload.equals(body)).toBe(true);

    const ranged = await cm.get(asset.url, { headers: { range: 'bytes=1000000-1000099' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1000000-1000099/${body.length}`);
    expect(ranged.rawPayload.equals(body.subarray(1_000_000, 1_000_100))).toBe(true);
    const suffix = await cm.get(asset.url, { headers: { range: 'bytes=-5' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(body.subarray(-5))).toBe(true);

    const deleted = await cm.delete(`/api/v3/companies/assets?path=${encodeURIComponent(asset.path)}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(server.keys()).not.toContain(`heed/assets/${asset.path}`);
    expect((await cm.get(asset.url)).statusCode).toBe(404);
  });

  it('unpacks a SCORM package into the bucket, plays its files through a content key, and removes the tree', async () => {
    const response = await postMedia(admin, 'scorm', await scormPackage('scorm2004'), 'evacuation.zip');
    expect(response.statusCode, response.body).toBe(201);
    const media = (response.json() as { data: { id: number; content_url: string } }).data;
    const packageKeys = server.keys().filter((k) => k.startsWith('heed/course-media/'));
    const files = Object.keys(scormFiles('scorm2004'));
    expect(packageKeys).toHaveLength(files.length);
    expect(packageKeys.some((k) => k.endsWith('/course/style.css'))).toBe(true);
    expect(localFiles('course-media')).toEqual([]);
    expect(localFiles('s3-staging')).toEqual([]);

    const launch = await admin.get(media.content_url);
    expect(launch.statusCode, launch.body).toBe(302);
    const location = launch.headers.location as string;
    const base = location.slice(0, location.indexOf('/course/'));
    const style = await new TestClient(t.app).get(`${base}/course/style.css`);
    expect(style.statusCode).toBe(200);
    expect(style.body).toBe(scormFiles('scorm2004')['course/style.css']);
    expect((await new TestClient(t.app).get(`${base}/course/nothing.html`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`${base}/..%2Fimsmanifest.xml`)).statusCode).toBe(404);

    const deleted = await admin.delete(`/api/v3/course-media/${media.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(server.keys().filter((k) => k.startsWith('heed/course-media/'))).toEqual([]);
    expect(w.companyA).toBeGreaterThan(0);
  });

  it('signs every request it sends', () => {
    expect(server.log.length).toBeGreaterThan(10);
    expect(server.log.filter((r) => !r.signed)).toEqual([]);
  });
});

describe('STORAGE configuration', () => {
  const s3 = {
    STORAGE: 's3',
    S3_BUCKET: 'heed-files',
    S3_ACCESS_KEY_ID: 'AKID',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is the data directory by default', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('takes a bucket on AWS by its region, or any endpoint, path-style when asked', () => {
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-3' }).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'eu-west-3',
      bucket: 'heed-files',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1', S3_PREFIX: 'prod/heed' }).storage,
    ).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: 'prod/heed',
    });
  });

  it('stops at start-up with a clear message when a variable is missing or wrong', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(
      'Invalid environment: STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT or S3_REGION',
    );
    expect(() => loadConfig({ STORAGE: 'gcs' })).toThrow(/^Invalid environment: STORAGE: /);
    expect(() => loadConfig({ ...s3, S3_REGION: 'x', S3_BUCKET: 'Heed_Files' })).toThrow(
      /^Invalid environment: S3_BUCKET: an S3 bucket name/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://minio' })).toThrow(/^Invalid environment: S3_ENDPOINT: /);
    expect(() => loadConfig({ ...s3, S3_REGION: 'x', S3_PREFIX: '/heed/' })).toThrow(
      /^Invalid environment: S3_PREFIX: slash-separated folder names/,
    );
  });
});
