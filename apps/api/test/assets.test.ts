import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PDF, PNG, type Part, upload } from './assets.fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

const CANARY = 'CANARY-b0realis';

const logo = (file = PNG, filename = 'logo.png'): Part[] => [
  { name: 'type', value: 'logo' },
  { name: 'file', file, filename, type: 'image/png' },
];

let t: TestApp;
let acme: { id: number };
let borealis: { id: number };
let cm: TestClient;

/** Every file under the assets folder, staging area included. */
const filesOnDisk = () => {
  const root = join(t.dataDir, 'assets');
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
};

beforeEach(async () => {
  t = await createTestApp();
  acme = await createCompany(t.db, { name: 'Acme' });
  borealis = await createCompany(t.db, { name: 'Borealis' });
  await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
  await createUser(t.db, { companyId: borealis.id, role: 1, username: 'borealis.cm' });
  cm = await signedIn(t.app, 'acme.cm');
});
afterEach(async () => t.close());

describe('POST /companies/assets', () => {
  it('stores a logo under the company and type, lists it, serves it and audits the upload', async () => {
    const response = await upload(cm, logo(PNG, 'Our Logo (final).PNG'));
    expect(response.statusCode).toBe(201);
    const asset = response.json().data;
    expect(asset).toMatchObject({ type: 'logo', name: 'Our Logo (final).PNG', mime: 'image/png', size: PNG.length });
    expect(asset.path).toMatch(new RegExp(`^${acme.id}/logo/[0-9a-f]{16}-Our-Logo-final-\\.png$`));
    expect(asset.url).toBe(`/api/v3/companies/assets/file?path=${encodeURIComponent(asset.path)}`);
    expect(existsSync(join(t.dataDir, 'assets', asset.path))).toBe(true);

    const list = await cm.get('/api/v3/companies/assets/files?type=logo');
    expect(list.json().data).toEqual([asset]);
    expect((await cm.get('/api/v3/companies/assets/files?type=policy_document')).json().data).toEqual([]);

    const file = await cm.get(asset.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'asset.upload')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ company_id: acme.id, entity_id: String(asset.id) });
  });

  it('takes the file before the type, and a PDF policy document larger than an image may be', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]);
    const response = await upload(cm, [
      { name: 'file', file: big, filename: 'policy.pdf', type: 'application/pdf' },
      { name: 'type', value: 'policy_document' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ type: 'policy_document', mime: 'application/pdf', size: big.length });
  });

  it('refuses a file over its type limit with 413 and leaves no file behind', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const typeFirst = await upload(cm, logo(big));
    expect(typeFirst.statusCode).toBe(413);
    expect(typeFirst.json().error.message).toBe('The file is too large: a logo may be at most 2 MB.');
    const typeLast = await upload(cm, [logo(big)[1]!, logo()[0]!]);
    expect(typeLast.statusCode).toBe(413);
    const overAll = await upload(cm, [
      { name: 'type', value: 'policy_document' },
      { name: 'file', file: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), filename: 'huge.pdf' },
    ]);
    expect(overAll.statusCode).toBe(413);
    expect(filesOnDisk()).toEqual([]);
    expect(await t.db.selectFrom('assets').selectAll().execute()).toEqual([]);
  });

  it('checks the real file type, not the name or declared type', async () => {
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const fake = await upload(cm, logo(page, 'logo.png'));
    expect(fake.statusCode).toBe(422);
    expect(fake.json().error.details).toEqual({ file: ['A logo must be a PNG, JPEG, WebP or SVG image.'] });
    const script = await upload(cm, logo(Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png'));
    expect(script.json().error.details.file[0]).toMatch(/^This SVG was refused: it holds an event handler \(onload\)/);
    const pdfAsLogo = await upload(cm, logo(PDF, 'logo.png'));
    expect(pdfAsLogo.statusCode).toBe(422);
    const pngAsPolicy = await upload(cm, [
      { name: 'type', value: 'policy_document' },
      { name: 'file', file: PNG, filename: 'policy.pdf', type: 'application/pdf' },
    ]);
    expect(pngAsPolicy.json().error.details).toEqual({ file: ['A policy document must be a PDF document.'] });
    expect(filesOnDisk()).toEqual([]);
  });

  it('answers 422 for a missing or unknown type, a missing or empty file, and a non-multipart body', async () => {
    const noType = await upload(cm, [logo()[1]!]);
    expect(noType.statusCode).toBe(422);
    expect(Object.keys(noType.json().error.details)).toEqual(['type']);
    const badType = await upload(cm, [{ name: 'type', value: 'favicon' }, logo()[1]!]);
    expect(Object.keys(badType.json().error.details)).toEqual(['type']);
    const noFile = await upload(cm, [logo()[0]!]);
    expect(noFile.json().error.details).toEqual({ file: ['Choose a file to upload.'] });
    const empty = await upload(cm, logo(Buffer.alloc(0)));
    expect(empty.json().error.details).toEqual({ file: ['The file is empty.'] });
    const json = await cm.post('/api/v3/companies/assets', { type: 'logo', file: 'x' });
    expect(json.statusCode).toBe(422);
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a second file in one request', async () => {
    const response = await upload(cm, [...logo(), { name: 'file', file: PNG, filename: 'second.png' }]);
    expect(response.statusCode).toBe(413);
    expect(await t.db.selectFrom('assets').selectAll().execute()).toEqual([]);
  });

  it('is for Company Managers and site admins', async () => {
    await createUser(t.db, { companyId: acme.id, role: 2, username: 'acme.dm' });
    await createUser(t.db, { companyId: acme.id, role: 3, username: 'acme.reviewer' });
    for (const username of ['acme.dm', 'acme.reviewer']) {
      const client = await signedIn(t.app, username);
      expect((await upload(client, logo())).statusCode).toBe(403);
      expect((await client.get('/api/v3/companies/assets/files')).statusCode).toBe(403);
      expect((await client.delete('/api/v3/companies/assets?path=x')).statusCode).toBe(403);
    }
    expect(filesOnDisk()).toEqual([]);
  });
});

describe('DELETE /companies/assets and tenant isolation', () => {
  it("deletes the company's own asset, its file and audits it", async () => {
    const asset = (await upload(cm, logo())).json().data;
    const response = await cm.delete(`/api/v3/companies/assets?path=${encodeURIComponent(asset.path)}`);
    expect(response.statusCode).toBe(204);
    expect(existsSync(join(t.dataDir, 'assets', asset.path))).toBe(false);
    expect((await cm.get('/api/v3/companies/assets/files')).json().data).toEqual([]);
    expect((await cm.get(asset.url)).statusCode).toBe(404);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'asset.delete')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toMatchObject({ path: asset.path });
    expect((await cm.delete(`/api/v3/companies/assets?path=${encodeURIComponent(asset.path)}`)).statusCode).toBe(404);
  });

  it("never lets company A list, read or delete company B's assets", async () => {
    const other = await signedIn(t.app, 'borealis.cm');
    const theirs = (await upload(other, logo(PNG, `${CANARY}.png`))).json().data;
    await upload(cm, logo());

    const list = await cm.get('/api/v3/companies/assets/files');
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain(CANARY);

    const read = await cm.get(theirs.url);
    const readMissing = await cm.get('/api/v3/companies/assets/file?path=nope');
    expect(read.statusCode).toBe(404);
    expect(read.body).toBe(readMissing.body);

    const remove = await cm.delete(`/api/v3/companies/assets?path=${encodeURIComponent(theirs.path)}`);
    expect(remove.statusCode).toBe(404);
    expect(existsSync(join(t.dataDir, 'assets', theirs.path))).toBe(true);

    cm.companyId = String(borealis.id);
    expect((await cm.get('/api/v3/companies/assets/files')).statusCode).toBe(403);
    expect((await upload(cm, logo())).statusCode).toBe(403);
    expect((await cm.get(`/api/v3/companies/${borealis.id}`)).statusCode).toBe(403);
    cm.companyId = undefined;
    expect((await cm.get(`/api/v3/companies/${borealis.id}`)).statusCode).toBe(404);
  });

  it("lets a company's learners read its files, and site admins reach any company's", async () => {
    const heed = await createCompany(t.db, { name: 'Heed' });
    await createUser(t.db, { companyId: heed.id, role: 1, siteAdmin: true, username: 'root' });
    await createUser(t.db, { companyId: acme.id, role: 0, username: 'acme.student' });
    const policy = (
      await upload(cm, [
        { name: 'type', value: 'policy_document' },
        { name: 'file', file: PDF, filename: 'Code of conduct.pdf' },
      ])
    ).json().data;

    const student = await signedIn(t.app, 'acme.student');
    const read = await student.get(policy.url);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    // Only images show inline; a document downloads, with nosniff and a sandboxing CSP.
    expect(read.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Code%20of%20conduct.pdf");
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);

    const admin = await signedIn(t.app, 'root');
    expect((await admin.get(policy.url)).statusCode).toBe(200);
    expect((await admin.get('/api/v3/companies/assets/files')).json().data).toEqual([]);
    admin.companyId = String(acme.id);
    expect((await admin.get('/api/v3/companies/assets/files')).json().data).toEqual([policy]);
    expect((await admin.delete(`/api/v3/companies/assets?path=${encodeURIComponent(policy.path)}`)).statusCode).toBe(
      204,
    );
  });
});
