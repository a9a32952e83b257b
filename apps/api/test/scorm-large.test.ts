import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestClient, signedIn } from './support/client.ts';
import { writeLargePackage } from './support/course-media-files.ts';
import { createCatalogWorld } from './support/courses-fixture.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// A SCORM package of about 500 MB (random files that do not compress), made on disk here, uploaded over
// real HTTP as a stream and unpacked by the server: memory stays flat (the RSS of this process, server
// included, grows by less than 300 MB: a behaviour bound, not a timing).

const MB = 1024 * 1024;
let t: TestApp;
let admin: TestClient;
let folder: string;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogWorld(t.db);
  admin = await signedIn(t.app, 'root');
  folder = mkdtempSync(join(tmpdir(), 'heed-scorm-large-'));
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

it('uploads and unpacks a 500 MB package with flat memory', { timeout: 300_000 }, async () => {
  const zipPath = join(folder, 'big.zip');
  await writeLargePackage(zipPath, 124, 4 * MB);
  const size = statSync(zipPath).size;
  expect(size).toBeGreaterThan(495 * MB);
  expect(size).toBeLessThanOrEqual(500 * MB);

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const boundary = '----heedlarge';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nscorm\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const cookies = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = Date.now();
  const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v3/course-media',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
          cookie: cookies,
          'x-xsrf-token': admin.csrfToken!,
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(zipPath);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  const seconds = (Date.now() - started) / 1000;

  expect(response.status, response.body).toBe(201);
  const media = (JSON.parse(response.body) as { data: { file_count: number; size: number } }).data;
  expect(media.file_count).toBe(126);
  expect(media.size).toBe(size);
  const unpacked = readdirSync(join(t.dataDir, 'course-media', 'scorm'), {
    recursive: true,
    withFileTypes: true,
  }).filter((e) => e.isFile());
  expect(unpacked).toHaveLength(126);
  // The zip itself is not kept, and nothing is left in the staging folder.
  expect(readdirSync(join(t.dataDir, 'course-media', '.tmp'))).toEqual([]);
  const growth = peak - before;
  console.log(
    `500 MB package: ${seconds.toFixed(1)} s (${(size / MB / seconds).toFixed(0)} MB/s), RSS growth ${(growth / MB).toFixed(0)} MB`,
  );
  expect(growth).toBeLessThan(300 * MB);
});
