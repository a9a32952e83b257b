import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF, PNG, assetParts, upload } from './assets.fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

/**
 * The hostile upload corpus (issue 19): every file is either refused with a message that says why, or
 * stored inert — served by the type its content has, with nosniff, a sandboxing CSP and, unless it is an
 * image, as an attachment — and never written outside the company's folder.
 */
const svg = (body: string, head = '') =>
  Buffer.from(
    `${head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${body}</svg>`,
  );
const MB = 1024 * 1024;

/** A zip whose one entry inflates 1,000:1 (10 MB of zeros). */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(10 * MB));
  const name = Buffer.from('bomb.txt');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(10 * MB, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}

interface Case {
  name: string;
  type: string;
  file: Buffer;
  filename: string;
  mime?: string;
  /** Refused: the status and a fragment of the message on `file` (or the error message). */
  refused?: { status: number; message: RegExp };
  /** Stored inert: the type it is served as. */
  stored?: { mime: string };
}

const REFUSED_IMAGE = { status: 422, message: /^A logo must be a PNG, JPEG, WebP or SVG image\.$/ };
const svgRefused = (what: RegExp) => ({
  status: 422,
  message: new RegExp(`^This SVG was refused: it holds ${what.source}`),
});

const CORPUS: Case[] = [
  {
    name: 'HTML renamed .png',
    type: 'logo',
    file: Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    filename: 'logo.png',
    mime: 'image/png',
    refused: REFUSED_IMAGE,
  },
  {
    name: 'HTML declared as a video',
    type: 'course_media',
    file: Buffer.from('<!doctype html><script>alert(1)</script>'),
    filename: 'intro.mp4',
    mime: 'video/mp4',
    refused: { status: 422, message: /^A course media must be an MP4 or WebM video/ },
  },
  {
    name: 'SVG with <script>',
    type: 'logo',
    file: svg('<script>alert(1)</script>'),
    filename: 'logo.svg',
    mime: 'image/svg+xml',
    refused: svgRefused(/a <script> element/),
  },
  {
    name: 'SVG with an onload handler',
    type: 'logo',
    file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    filename: 'logo.svg',
    refused: svgRefused(/an event handler \(onload\)/),
  },
  {
    name: 'SVG <use> with an external xlink:href',
    type: 'logo',
    file: svg('<use xlink:href="https://evil.test/sprite.svg#a"/>'),
    filename: 'logo.svg',
    refused: svgRefused(/a link or reference outside the file/),
  },
  {
    name: 'SVG <image> fetching another site',
    type: 'logo',
    file: svg('<image href="https://evil.test/track.png"/>'),
    filename: 'logo.svg',
    refused: svgRefused(/a <image> element/),
  },
  {
    name: 'SVG with foreignObject',
    type: 'logo',
    file: svg(
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"/></div></foreignObject>',
    ),
    filename: 'logo.svg',
    refused: svgRefused(/a <foreignObject> element/),
  },
  {
    name: 'SVG with a javascript: link',
    type: 'logo',
    file: svg('<a href="javascript:alert(1)"><rect width="9" height="9"/></a>'),
    filename: 'logo.svg',
    refused: svgRefused(/a <a> element/),
  },
  {
    name: 'SVG billion laughs',
    type: 'logo',
    file: Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>`,
    ),
    filename: 'logo.svg',
    refused: svgRefused(/a DOCTYPE \(entities\)/),
  },
  {
    name: 'SVG external entity (XXE)',
    type: 'logo',
    file: Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ),
    filename: 'logo.svg',
    refused: svgRefused(/a DOCTYPE/),
  },
  {
    name: 'SVG style @import',
    type: 'logo',
    file: svg('<style>@import url(https://evil.test/a.css);</style>'),
    filename: 'logo.svg',
    refused: svgRefused(/a style that imports another file/),
  },
  {
    name: 'SVG fill url() to another site',
    type: 'logo',
    file: svg('<rect fill="url(https://evil.test/p.svg#g)" width="9" height="9"/>'),
    filename: 'logo.svg',
    refused: svgRefused(/a reference to another file/),
  },
  {
    name: 'SVG as a certificate background (SVG is for logos only)',
    type: 'certificate_background',
    file: svg('<rect width="9" height="9"/>'),
    filename: 'bg.svg',
    refused: { status: 422, message: /^A certificate background must be a PNG, JPEG or WebP image\.$/ },
  },
  {
    name: 'GIFAR (GIF + zip)',
    type: 'logo',
    file: Buffer.concat([
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      Buffer.from('PK\x03\x04', 'latin1'),
      Buffer.alloc(64),
    ]),
    filename: 'logo.gif',
    refused: REFUSED_IMAGE,
  },
  {
    name: 'zip bomb as course media',
    type: 'course_media',
    file: zipBomb(),
    filename: 'course.zip',
    mime: 'application/zip',
    refused: { status: 422, message: /^A course media must be/ },
  },
  {
    name: 'Windows executable renamed .pdf',
    type: 'policy_document',
    file: Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(128)]),
    filename: 'policy.pdf',
    mime: 'application/pdf',
    refused: { status: 422, message: /^A policy document must be a PDF document\.$/ },
  },
  {
    name: '0 bytes',
    type: 'logo',
    file: Buffer.alloc(0),
    filename: 'empty.png',
    refused: { status: 422, message: /^The file is empty\.$/ },
  },
  {
    name: 'over the size limit (2 MB + 1 byte logo)',
    type: 'logo',
    file: Buffer.concat([PNG, Buffer.alloc(2 * MB + 1 - PNG.length)]),
    filename: 'huge.png',
    refused: { status: 413, message: /^The file is too large: a logo may be at most 2 MB\.$/ },
  },
  {
    name: 'PNG with HTML and script after its header (polyglot)',
    type: 'logo',
    file: Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]),
    filename: 'poly.png',
    mime: 'text/html',
    stored: { mime: 'image/png' },
  },
  {
    name: 'JPEG with PHP appended',
    type: 'certificate_background',
    file: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<?php system($_GET["c"]); ?>')]),
    filename: 'bg.php.jpg',
    stored: { mime: 'image/jpeg' },
  },
  {
    name: 'PDF with JavaScript (OpenAction)',
    type: 'policy_document',
    file: Buffer.concat([PDF, Buffer.from('2 0 obj <</Type/Action/S/JavaScript/JS(app.alert(1))>> endobj\n')]),
    filename: 'policy.pdf',
    stored: { mime: 'application/pdf' },
  },
  {
    name: 'path traversal name',
    type: 'logo',
    file: PNG,
    filename: '../../../../etc/passwd.png',
    stored: { mime: 'image/png' },
  },
  {
    name: 'Windows path traversal name',
    type: 'logo',
    file: PNG,
    filename: '..\\..\\..\\windows\\win.ini.png',
    stored: { mime: 'image/png' },
  },
  {
    name: 'right-to-left override name (looks like .png, is .exe)',
    type: 'logo',
    file: PNG,
    filename: 'logo\u202egnp.exe',
    stored: { mime: 'image/png' },
  },
  {
    name: 'wrong declared MIME (PNG sent as text/html)',
    type: 'logo',
    file: PNG,
    filename: 'logo.html',
    mime: 'text/html',
    stored: { mime: 'image/png' },
  },
  {
    name: 'MP4 declared as a PNG',
    type: 'course_media',
    file: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
    filename: 'video.png',
    mime: 'image/png',
    stored: { mime: 'video/mp4' },
  },
];

let t: TestApp;
let cm: TestClient;
let acmeId: number;

beforeAll(async () => {
  t = await createTestApp();
  const acme = await createCompany(t.db, { name: 'Acme' });
  acmeId = acme.id;
  await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
  cm = await signedIn(t.app, 'acme.cm');
});
afterAll(async () => t.close());

describe('the hostile upload corpus', () => {
  it('holds at least 20 files', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(20);
  });

  for (const c of CORPUS) {
    it(`${c.refused ? 'refuses' : 'stores inert'}: ${c.name}`, async () => {
      const before = await t.db.selectFrom('assets').select('id').execute();
      const response = await upload(cm, assetParts(c.type, c.file, c.filename, c.mime));
      if (c.refused) {
        expect(response.statusCode).toBe(c.refused.status);
        const error = response.json().error;
        expect(error.details?.file?.[0] ?? error.message).toMatch(c.refused.message);
        expect(await t.db.selectFrom('assets').select('id').execute()).toEqual(before);
        return;
      }
      expect(response.statusCode).toBe(201);
      const asset = response.json().data;
      expect(asset.mime).toBe(c.stored!.mime);
      expect(asset.path).toMatch(new RegExp(`^${acmeId}/${c.type}/[0-9a-f]{16}-[A-Za-z0-9._-]+\\.[a-z0-9]+$`));
      expect(asset.path).not.toContain('..');
      expect(asset.name).not.toMatch(/\p{Cc}/u);
      const root = resolve(t.dataDir, 'assets');
      expect(resolve(root, asset.path).startsWith(`${root}/${acmeId}/`)).toBe(true);

      const file = await cm.get(asset.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(c.stored!.mime);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      const disposition = String(file.headers['content-disposition']);
      expect(disposition.startsWith(c.stored!.mime.startsWith('image/') ? 'inline;' : 'attachment;')).toBe(true);
      expect(disposition).not.toMatch(/[\r\n"]/);
      expect(file.rawPayload.equals(c.file)).toBe(true);
    });
  }

  it('leaves nothing in the staging area and nothing outside the company folder', async () => {
    const root = join(t.dataDir, 'assets');
    const files = existsSync(root)
      ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      : [];
    for (const entry of files) {
      const full = resolve(entry.parentPath, entry.name);
      expect(full.startsWith(resolve(root, String(acmeId)))).toBe(true);
    }
    expect(files).toHaveLength(CORPUS.filter((c) => c.stored).length);
  });
});
