import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { CERTIFICATE_NUMBER_PATTERN, CERTIFICATE_VERIFY_THROTTLE } from '@heed/contract';
import type { Kysely } from 'kysely';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/types.ts';
import { assetParts, upload } from './assets.fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createCompany, createDepartment, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Certificates: the PDF per completion (issued on first download), staff downloads in scope, and the
// public verification by number. The test clock starts at 2026-03-02T09:00:00Z.

let t: TestApp;
const ids: Record<string, number> = {};
let companyA: number;
let companyB: number;
let courseId: number;
const stamp = '2026-01-01T00:00:00.000Z';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

async function createCourse(db: Kysely<Database>, name: string, passingScore: number | null = 80) {
  const row = await db
    .insertInto('courses')
    .values({
      name,
      category_id: null,
      description: null,
      duration_minutes: 20,
      passing_score: passingScore,
      recertify_months: null,
      created_at: stamp,
      updated_at: stamp,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Planned {
  user: string;
  completedAt?: string | null;
  score?: number | null;
  expiresAt?: string | null;
  companyId?: number;
  course?: number;
}

async function assign(a: Planned) {
  const completedAt = a.completedAt === undefined ? '2026-02-10T14:30:00.000Z' : a.completedAt;
  const row = await t.db
    .insertInto('assignments')
    .values({
      company_id: a.companyId ?? companyA,
      user_id: ids[a.user]!,
      course_id: a.course ?? courseId,
      status: completedAt ? 'completed' : 'in_progress',
      source: 'manual',
      rule_id: null,
      assigned_by: null,
      assigned_at: stamp,
      due_at: null,
      started_at: stamp,
      completed_at: completedAt,
      progress: completedAt ? 100 : 40,
      score: a.score === undefined ? 92 : a.score,
      recertify_months: a.expiresAt ? 12 : null,
      expires_at: a.expiresAt ?? null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** WinAnsi's 0x80–0x9F, where it differs from Latin-1 (Node's TextDecoder may lack windows-1252). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b < 0xa0 ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join('');

/** The first page's fonts by resource name. */
function pageFonts(pdf: PDFDocument): Map<string, PDFDict> {
  const fonts = pdf.getPages()[0]!.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  return new Map((fonts?.keys() ?? []).map((key) => [key.decodeText(), fonts!.lookup(key, PDFDict)]));
}

/**
 * How a font turns a shown string's bytes into text: an embedded (Type0) font by its ToUnicode map of
 * two-byte glyph codes, as a PDF reader copies text; a standard font as WinAnsi.
 */
function decoderOf(font: PDFDict | undefined): (bytes: Buffer) => string {
  const toUnicode = font?.lookup(PDFName.of('ToUnicode'));
  if (!(toUnicode instanceof PDFRawStream)) return winAnsi;
  const cmap = Buffer.from(decodePDFRawStream(toUnicode).decode()).toString('latin1');
  const map = new Map<number, string>();
  for (const [, code, unicode] of cmap.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    map.set(Number.parseInt(code!, 16), Buffer.from(unicode!, 'hex').swap16().toString('utf16le'));
  }
  return (bytes) => {
    let text = '';
    for (let i = 0; i + 1 < bytes.length; i += 2) text += map.get(bytes.readUInt16BE(i)) ?? '\ufffd';
    return text;
  };
}

/** The strings a PDF's first page draws (pdf-lib writes each as a hex string shown with Tj, in the font set by Tf). */
async function drawnText(body: Buffer): Promise<string[]> {
  const pdf = await PDFDocument.load(new Uint8Array(body));
  const page = pdf.getPages()[0]!;
  const fonts = pageFonts(pdf);
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const strings: string[] = [];
  let decode = winAnsi;
  for (const ref of refs) {
    const stream = ref instanceof PDFRawStream ? ref : pdf.context.lookup(ref as never);
    if (!(stream instanceof PDFRawStream)) continue;
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of operators.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (match[1] !== undefined) decode = decoderOf(fonts.get(match[1]));
      else strings.push(decode(Buffer.from(match[2]!, 'hex')));
    }
  }
  return strings;
}

/** The fonts embedded in the first page (their base names) with the size of each font file, in bytes. */
async function embeddedFonts(body: Buffer) {
  const pdf = await PDFDocument.load(new Uint8Array(body));
  const found = [...pageFonts(pdf).values()].flatMap((font) => {
    const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0, PDFDict) ?? font;
    const descriptor = descendant.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const file = descriptor?.lookup(PDFName.of('FontFile3'));
    if (!(file instanceof PDFRawStream)) return [];
    return [{ name: font.lookup(PDFName.of('BaseFont'), PDFName).decodeText(), bytes: file.getContentsSize() }];
  });
  // pdf-lib names a font once per text it draws: one entry per font.
  return [...new Map(found.map((f) => [f.name, f])).values()];
}

/** A real PNG of one colour (8-bit RGB), so a drawn logo can be told apart by its size and pixels. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The images the first page draws: their size and their first pixel (decoded). */
async function drawnImages(body: Buffer) {
  const pdf = await PDFDocument.load(new Uint8Array(body));
  const xObjects = pdf.getPages()[0]!.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xObjects?.keys() ?? []).map((key) => {
    const stream = xObjects!.lookup(key);
    if (!(stream instanceof PDFRawStream)) throw new Error('the image is not a raw stream');
    const number = (name: string) => Number(stream.dict.get(PDFName.of(name))?.toString());
    const pixels = decodePDFRawStream(stream).decode();
    return { width: number('Width'), height: number('Height'), firstPixel: [...pixels.subarray(0, 3)] };
  });
}

/** How many images the first page draws. */
async function imageCount(body: Buffer): Promise<number> {
  const pdf = await PDFDocument.load(new Uint8Array(body));
  const resources = pdf.getPages()[0]!.node.Resources();
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return xObjects ? xObjects.keys().length : 0;
}

async function download(client: TestClient, assignmentId: number) {
  return client.get(`/api/v3/my/assignments/${assignmentId}/certificate`);
}

const certificates = () => t.db.selectFrom('certificates').selectAll().orderBy('id').execute();
const issuedActivity = () =>
  t.db
    .selectFrom('course_activity')
    .selectAll()
    .where('event', '=', 'certificate_issued')
    .orderBy('master_id')
    .execute();

function numberIn(strings: string[]): string {
  const number = strings.find((s) => CERTIFICATE_NUMBER_PATTERN.test(s));
  if (!number) throw new Error(`no certificate number among ${JSON.stringify(strings)}`);
  return number;
}

beforeEach(async () => {
  t = await createTestApp();
  const vendor = await createCompany(t.db, { name: 'Vendor' });
  companyA = (await createCompany(t.db, { name: 'Acme Industries' })).id;
  companyB = (await createCompany(t.db, { name: 'Beta Ltd' })).id;
  const operations = await createDepartment(t.db, companyA, 'Operations');
  const plant = await createDepartment(t.db, companyA, 'Plant 1', operations.id);
  const finance = await createDepartment(t.db, companyA, 'Finance');
  ids.operations = operations.id;
  ids.finance = finance.id;
  const make = async (username: string, companyId: number, role: number, extra: Record<string, unknown> = {}) => {
    ids[username] = (await createUser(t.db, { companyId, role, username, ...extra })).id;
  };
  await make('admin', vendor.id, 1, { siteAdmin: true });
  await make('cm', companyA, 1);
  await make('dm', companyA, 2, { departmentId: operations.id });
  await make('finance.dm', companyA, 2, { departmentId: finance.id });
  await make('finance.reviewer', companyA, 3, { departmentId: finance.id });
  await make('learner', companyA, 0, { firstName: 'Ada', lastName: 'Lovelace', departmentId: plant.id });
  await make('colleague', companyA, 0, { departmentId: plant.id });
  await make('b.cm', companyB, 1);
  await make('outsider', companyB, 0);
  courseId = await createCourse(t.db, 'Fire Safety');
});
afterEach(async () => t.close());

describe('GET /my/assignments/{id}/certificate', () => {
  it('answers a real A4 landscape PDF naming the learner, course, date, score, number and verification address', async () => {
    const assignment = await assign({ user: 'learner', score: 92 });
    const learner = await signedIn(t.app, 'learner');
    const response = await download(learner, assignment);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Certificate - Fire Safety.pdf"; filename*=UTF-8''Certificate%20-%20Fire%20Safety.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await PDFDocument.load(new Uint8Array(response.rawPayload));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPages()[0]!.getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);

    const text = await drawnText(response.rawPayload);
    const number = numberIn(text);
    expect(text).toEqual(
      expect.arrayContaining([
        'Acme Industries',
        'CERTIFICATE OF COMPLETION',
        'Ada Lovelace',
        'Fire Safety',
        'Completed on 10 February 2026',
        'Score 92% \u00b7 Pass mark 80%',
        number,
        `${t.config.publicUrl}/verify/${number}`,
      ]),
    );
    expect(text.some((s) => s.startsWith('Valid until'))).toBe(false);
    expect(pdf.getTitle()).toBe(`Certificate ${number}: Fire Safety`);
    expect(pdf.getKeywords()).toContain('Ada Lovelace');
    // Latin names: the standard fonts only, nothing embedded.
    expect(await embeddedFonts(response.rawPayload)).toEqual([]);
    expect(response.rawPayload.length).toBeLessThan(5_000);
  });

  it('draws Chinese, Japanese and Korean names and courses in an embedded Noto Sans CJK subset', async () => {
    await t.db
      .updateTable('users')
      .set({ first_name: '山田', last_name: '太郎' })
      .where('id', '=', ids.learner!)
      .execute();
    await t.db
      .updateTable('users')
      .set({ first_name: '김민준', last_name: '' })
      .where('id', '=', ids.colleague!)
      .execute();
    const course = await createCourse(t.db, '信息安全与数据保护培训');
    const yamada = await assign({ user: 'learner', course });
    const minjun = await assign({ user: 'colleague', course });

    const response = await download(await signedIn(t.app, 'learner'), yamada);
    expect(response.statusCode, response.body).toBe(200);
    const text = await drawnText(response.rawPayload);
    expect(text).toEqual(
      expect.arrayContaining(['山田 太郎', '信息安全与数据保护培训', 'Completed on 10 February 2026']),
    );
    const fonts = await embeddedFonts(response.rawPayload);
    expect(fonts.map((f) => f.name.replace(/-\d+$/, ''))).toEqual(['NotoSansHans-Bold']);
    // A subset: the 8 MB font file becomes a few kilobytes of the glyphs drawn.
    expect(fonts[0]!.bytes).toBeLessThan(60_000);
    expect(response.rawPayload.length).toBeLessThan(100_000);

    const korean = await download(await signedIn(t.app, 'colleague'), minjun);
    expect(korean.statusCode, korean.body).toBe(200);
    expect(await drawnText(korean.rawPayload)).toEqual(expect.arrayContaining(['김민준', '信息安全与数据保护培训']));
    const koreanFonts = (await embeddedFonts(korean.rawPayload)).map((f) => f.name.replace(/-\d+$/, ''));
    expect(koreanFonts.sort()).toEqual(['NotoSansHans-Bold', 'NotoSansKR-Bold']);
    expect(korean.rawPayload.length).toBeLessThan(150_000);
  });

  it('draws Japanese in the Japanese face: text with kana, and Han-only text in a company on Tokyo time', async () => {
    const fontNames = async (body: Buffer) =>
      (await embeddedFonts(body)).map((f) => f.name.replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, '')).sort();
    await t.db
      .updateTable('users')
      .set({ first_name: '山田', last_name: 'さくら' })
      .where('id', '=', ids.learner!)
      .execute();
    const japaneseCourse = await createCourse(t.db, '情報セキュリティ研修');
    const sakura = await assign({ user: 'learner', course: japaneseCourse });
    const response = await download(await signedIn(t.app, 'learner'), sakura);
    expect(response.statusCode, response.body).toBe(200);
    expect(await drawnText(response.rawPayload)).toEqual(
      expect.arrayContaining(['山田 さくら', '情報セキュリティ研修', 'Completed on 10 February 2026']),
    );
    expect(await fontNames(response.rawPayload)).toEqual(['NotoSansJP-Bold']);
    expect(response.rawPayload.length).toBeLessThan(100_000);

    // Han alone: 山田 太郎 is Chinese shapes in a company on UTC (the test above), Japanese on Tokyo time.
    // A Chinese course name there has simplified letters (训, 与) the Japanese face lacks: the Chinese face.
    await t.db.updateTable('companies').set({ time_zone: 'Asia/Tokyo' }).where('id', '=', companyA).execute();
    await t.db
      .updateTable('users')
      .set({ first_name: '山田', last_name: '太郎' })
      .where('id', '=', ids.colleague!)
      .execute();
    const chineseCourse = await createCourse(t.db, '信息安全与数据保护培训');
    const taro = await assign({ user: 'colleague', course: chineseCourse });
    const tokyo = await download(await signedIn(t.app, 'colleague'), taro);
    expect(tokyo.statusCode, tokyo.body).toBe(200);
    expect(await drawnText(tokyo.rawPayload)).toEqual(expect.arrayContaining(['山田 太郎', '信息安全与数据保护培训']));
    expect(await fontNames(tokyo.rawPayload)).toEqual(['NotoSansHans-Bold', 'NotoSansJP-Bold']);

    // Korean stays in the Korean face in that company too; a Latin certificate there embeds nothing.
    await t.db.updateTable('users').set({ first_name: '김민준', last_name: '' }).where('id', '=', ids.dm!).execute();
    const minjun = await assign({ user: 'dm', course: japaneseCourse });
    const korean = await download(await signedIn(t.app, 'dm'), minjun);
    expect(await drawnText(korean.rawPayload)).toEqual(expect.arrayContaining(['김민준', '情報セキュリティ研修']));
    expect(await fontNames(korean.rawPayload)).toEqual(['NotoSansJP-Bold', 'NotoSansKR-Bold']);
    const latin = await download(await signedIn(t.app, 'cm'), await assign({ user: 'cm' }));
    expect(latin.statusCode, latin.body).toBe(200);
    expect(await embeddedFonts(latin.rawPayload)).toEqual([]);
    expect(latin.rawPayload.length).toBeLessThan(5_000);
  });

  it('issues once: later and parallel downloads answer the same certificate and write nothing more', async () => {
    const assignment = await assign({ user: 'learner' });
    const learner = await signedIn(t.app, 'learner');
    const responses = await Promise.all(Array.from({ length: 6 }, () => download(learner, assignment)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const numbers = await Promise.all(responses.map(async (r) => numberIn(await drawnText(r.rawPayload))));
    expect(new Set(numbers).size).toBe(1);
    const again = numberIn(await drawnText((await download(learner, assignment)).rawPayload));
    expect(again).toBe(numbers[0]);

    const rows = await certificates();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      number: numbers[0],
      company_id: companyA,
      user_id: ids.learner,
      assignment_id: assignment,
      course_id: courseId,
      learner_name: 'Ada Lovelace',
      course_name: 'Fire Safety',
      score: 92,
      passing_score: 80,
      completed_at: '2026-02-10T14:30:00.000Z',
      expires_at: null,
      issued_at: '2026-03-02T09:00:00.000Z',
    });
    const activity = await issuedActivity();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      company_id: companyA,
      user_id: ids.learner,
      course_id: courseId,
      assignment_id: assignment,
      step_key: 'cert:2026-02-10T14:30:00.000Z',
    });
    expect(JSON.parse(activity[0]!.data!)).toEqual({ certificate_id: rows[0]!.id, number: numbers[0] });
  });

  it('keeps what it showed when issued, though the course and learner are renamed later', async () => {
    const assignment = await assign({ user: 'learner' });
    const learner = await signedIn(t.app, 'learner');
    const first = numberIn(await drawnText((await download(learner, assignment)).rawPayload));
    await t.db.updateTable('courses').set({ name: 'Fire Safety 2027', passing_score: 90 }).execute();
    await t.db.updateTable('users').set({ last_name: 'King' }).where('id', '=', ids.learner!).execute();
    const text = await drawnText((await download(learner, assignment)).rawPayload);
    expect(numberIn(text)).toBe(first);
    expect(text).toEqual(expect.arrayContaining(['Ada Lovelace', 'Fire Safety', 'Score 92% \u00b7 Pass mark 80%']));
  });

  it('gives a recertification (a new completion of the assignment) a new certificate and keeps the last during a retake', async () => {
    const assignment = await assign({ user: 'learner', expiresAt: '2027-02-10T14:30:00.000Z' });
    const learner = await signedIn(t.app, 'learner');
    const first = await drawnText((await download(learner, assignment)).rawPayload);
    expect(first).toContain('Valid until 10 February 2027');

    // A retake under way: no completion now, the certificate already issued is still the learner's proof.
    await t.db
      .updateTable('assignments')
      .set({ status: 'in_progress', completed_at: null })
      .where('id', '=', assignment)
      .execute();
    const during = await download(learner, assignment);
    expect(during.statusCode, during.body).toBe(200);
    expect(numberIn(await drawnText(during.rawPayload))).toBe(numberIn(first));

    await t.db
      .updateTable('assignments')
      .set({
        status: 'completed',
        completed_at: '2027-01-20T10:00:00.000Z',
        score: 100,
        expires_at: '2028-01-20T10:00:00.000Z',
      })
      .where('id', '=', assignment)
      .execute();
    const second = await drawnText((await download(learner, assignment)).rawPayload);
    expect(numberIn(second)).not.toBe(numberIn(first));
    expect(second).toEqual(
      expect.arrayContaining([
        'Completed on 20 January 2027',
        'Valid until 20 January 2028',
        'Score 100% \u00b7 Pass mark 80%',
      ]),
    );
    expect((await certificates()).map((c) => c.completed_at)).toEqual([
      '2026-02-10T14:30:00.000Z',
      '2027-01-20T10:00:00.000Z',
    ]);
    expect((await issuedActivity()).map((a) => a.step_key)).toEqual([
      'cert:2026-02-10T14:30:00.000Z',
      'cert:2027-01-20T10:00:00.000Z',
    ]);
  });

  it('records the course version the completion was made on', async () => {
    const assignment = await assign({ user: 'learner' });
    const version = await t.db
      .insertInto('course_versions')
      .values({ course_id: courseId, version: 1, document: '{}', created_by: null, created_at: stamp } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('assignments').set({ course_version_id: version.id }).where('id', '=', assignment).execute();
    expect((await download(await signedIn(t.app, 'learner'), assignment)).statusCode).toBe(200);
    expect((await certificates())[0]!.course_version_id).toBe(version.id);
  });

  it('answers 404 for an assignment not completed, another learner’s, another company’s or none, and writes nothing', async () => {
    const open = await assign({ user: 'learner', completedAt: null });
    const colleagues = await assign({ user: 'colleague' });
    const outsiders = await assign({ user: 'outsider', companyId: companyB });
    const learner = await signedIn(t.app, 'learner');

    const notCompleted = await download(learner, open);
    expect(notCompleted.statusCode).toBe(404);
    expect(notCompleted.json()).toEqual({
      error: { message: 'There is no certificate for this assignment: the course is not completed.' },
    });
    for (const id of [colleagues, outsiders, 2_147_000_000]) {
      const response = await download(learner, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { message: expect.not.stringContaining('completed') } });
    }
    // A site admin naming company B still reads only their own assignments.
    const admin = await signedIn(t.app, 'admin');
    expect(
      (
        await admin.get(`/api/v3/my/assignments/${outsiders}/certificate`, {
          headers: { 'x-company-id': String(companyB) },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v3/my/assignments/${open}/certificate` })).statusCode).toBe(
      403,
    );
    expect(await certificates()).toEqual([]);
    expect(await issuedActivity()).toEqual([]);
  });

  it('prints names outside the PDF fonts’ letters the nearest way, keeping them exact in the metadata and verification', async () => {
    await t.db
      .updateTable('users')
      .set({ first_name: 'Zoë', last_name: 'Łukasiewicz-Őrsi' })
      .where('id', '=', ids.learner!)
      .execute();
    await t.db
      .updateTable('users')
      .set({ first_name: 'Иван', last_name: 'Петров 王' })
      .where('id', '=', ids.colleague!)
      .execute();
    const course = await createCourse(t.db, 'Sécurité: “Ünïcode” / Ärger ✓');
    const zoe = await assign({ user: 'learner', course });
    const ivan = await assign({ user: 'colleague', course });

    const response = await download(await signedIn(t.app, 'learner'), zoe);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Certificate - Securite- -Unicode- - Arger -.pdf"; filename*=UTF-8''${encodeURIComponent('Certificate - Sécurité: “Ünïcode” / Ärger ✓.pdf')}`,
    );
    const text = await drawnText(response.rawPayload);
    expect(text).toEqual(expect.arrayContaining(['Zoë Lukasiewicz-Orsi', 'Sécurité: “Ünïcode” / Ärger ?']));
    const pdf = await PDFDocument.load(new Uint8Array(response.rawPayload));
    expect(pdf.getKeywords()).toContain('Zoë Łukasiewicz-Őrsi');

    const other = await download(await signedIn(t.app, 'colleague'), ivan);
    expect(other.statusCode, other.body).toBe(200);
    // A CJK letter makes the whole name drawn in the CJK face, which has Cyrillic too: exact.
    expect(await drawnText(other.rawPayload)).toContain('Иван Петров 王');

    const number = numberIn(text);
    const verified = await t.app.inject({ method: 'GET', url: `/api/v3/public/certificates/${number}` });
    expect(verified.json().data.learner_name).toBe('Zoë Łukasiewicz-Őrsi');
  });

  it('draws the company’s newest logo and certificate background (PNG or JPEG), and leaves out what it cannot draw', async () => {
    const assignment = await assign({ user: 'learner' });
    const learner = await signedIn(t.app, 'learner');
    const store = async (type: string, mime: string, bytes: Buffer, name: string, companyId = companyA) => {
      const path = `${companyId}/${type}/${name}`;
      const file = join(t.dataDir, 'assets', path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, bytes);
      await t.db
        .insertInto('assets')
        .values({
          company_id: companyId,
          type,
          path,
          original_name: name,
          mime,
          size: bytes.length,
          created_by: null,
          created_at: stamp,
        })
        .execute();
    };
    const plain = await download(learner, assignment);
    expect(await imageCount(plain.rawPayload)).toBe(0);
    expect(await drawnText(plain.rawPayload)).toContain('Acme Industries');

    await store('logo', 'image/png', PNG, 'a-logo.png', companyB);
    await store('certificate_background', 'image/jpeg', JPEG, 'b-background.jpg', companyB);
    expect(await imageCount((await download(learner, assignment)).rawPayload)).toBe(0);

    await store('logo', 'image/webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'old-logo.webp');
    await store('logo', 'image/png', PNG, 'logo.png');
    await store('certificate_background', 'image/jpeg', JPEG, 'background.jpg');
    const branded = await download(learner, assignment);
    expect(branded.statusCode).toBe(200);
    expect(await imageCount(branded.rawPayload)).toBe(2);
    // The company's name still says who issued it.
    expect(await drawnText(branded.rawPayload)).toContain('Issued by Acme Industries');

    // A newer logo that is not a picture pdf-lib can read, a background whose file is gone: drawn without them.
    await store('logo', 'image/png', Buffer.from('not really a png'), 'broken.png');
    await t.db
      .updateTable('assets')
      .set({ path: `${companyA}/certificate_background/missing.jpg` })
      .where('path', '=', `${companyA}/certificate_background/background.jpg`)
      .execute();
    const fallback = await download(learner, assignment);
    expect(fallback.statusCode, fallback.body).toBe(200);
    expect(await imageCount(fallback.rawPayload)).toBe(0);
  });
  it('draws the logo the company chose in its branding, not a newer upload; the newest once the choice is cleared', async () => {
    const assignment = await assign({ user: 'learner' });
    const learner = await signedIn(t.app, 'learner');
    const cm = await signedIn(t.app, 'cm');
    const chosenPng = solidPng(3, 2, [200, 10, 20]);
    const chosen = await upload(cm, assetParts('logo', chosenPng, 'brand.png', 'image/png'));
    expect(chosen.statusCode, chosen.body).toBe(201);
    const chosenPath = chosen.json().data.path as string;
    const saved = await cm.put(`/api/v3/companies/${companyA}`, { logo_path: chosenPath });
    expect(saved.statusCode, saved.body).toBe(200);
    const newer = await upload(cm, assetParts('logo', solidPng(1, 1, [0, 0, 255]), 'newer.png', 'image/png'));
    expect(newer.statusCode, newer.body).toBe(201);

    const branded = await download(learner, assignment);
    expect(branded.statusCode, branded.body).toBe(200);
    expect(await drawnImages(branded.rawPayload)).toEqual([{ width: 3, height: 2, firstPixel: [200, 10, 20] }]);

    expect((await cm.put(`/api/v3/companies/${companyA}`, { logo_path: null })).statusCode).toBe(200);
    const newest = await download(learner, assignment);
    expect(await drawnImages(newest.rawPayload)).toEqual([{ width: 1, height: 1, firstPixel: [0, 0, 255] }]);
  });
});

describe('GET /users/{id}/assignments/{assignmentId}/certificate', () => {
  const staffDownload = (client: TestClient, user: string, assignment: number, headers: Record<string, string> = {}) =>
    client.get(`/api/v3/users/${ids[user]}/assignments/${assignment}/certificate`, { headers });

  it('gives staff who may see the user the same certificate the learner gets', async () => {
    const assignment = await assign({ user: 'learner' });
    const fromCm = await staffDownload(await signedIn(t.app, 'cm'), 'learner', assignment);
    expect(fromCm.statusCode, fromCm.body).toBe(200);
    expect(fromCm.headers['content-type']).toBe('application/pdf');
    const number = numberIn(await drawnText(fromCm.rawPayload));
    const fromLearner = await download(await signedIn(t.app, 'learner'), assignment);
    expect(numberIn(await drawnText(fromLearner.rawPayload))).toBe(number);
    const fromDm = await staffDownload(await signedIn(t.app, 'dm'), 'learner', assignment);
    expect(fromDm.statusCode, fromDm.body).toBe(200);
    const admin = await signedIn(t.app, 'admin');
    const fromAdmin = await staffDownload(admin, 'learner', assignment, { 'x-company-id': String(companyA) });
    expect(fromAdmin.statusCode, fromAdmin.body).toBe(200);
    expect(await certificates()).toHaveLength(1);
    expect(await issuedActivity()).toHaveLength(1);
  });

  it('answers 404 outside the caller’s scope or company, for a mismatched user, and when not completed; 403 for learners', async () => {
    const assignment = await assign({ user: 'learner' });
    const open = await assign({ user: 'learner', completedAt: null });
    const outsiders = await assign({ user: 'outsider', companyId: companyB });
    expect((await staffDownload(await signedIn(t.app, 'finance.dm'), 'learner', assignment)).statusCode).toBe(404);
    expect((await staffDownload(await signedIn(t.app, 'finance.reviewer'), 'learner', assignment)).statusCode).toBe(
      404,
    );
    expect((await staffDownload(await signedIn(t.app, 'b.cm'), 'learner', assignment)).statusCode).toBe(404);
    const cm = await signedIn(t.app, 'cm');
    expect((await staffDownload(cm, 'outsider', outsiders)).statusCode).toBe(404);
    expect((await staffDownload(cm, 'colleague', assignment)).statusCode).toBe(404);
    const notCompleted = await staffDownload(cm, 'learner', open);
    expect(notCompleted.statusCode).toBe(404);
    expect(notCompleted.json().error.message).toContain('not completed');
    const admin = await signedIn(t.app, 'admin');
    expect((await staffDownload(admin, 'learner', assignment, { 'x-company-id': String(companyB) })).statusCode).toBe(
      404,
    );
    expect((await staffDownload(await signedIn(t.app, 'learner'), 'learner', assignment)).statusCode).toBe(403);
    expect(await certificates()).toEqual([]);
  });
});

describe('GET /public/certificates/{number}', () => {
  const verify = (number: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v3/public/certificates/${encodeURIComponent(number)}`,
      remoteAddress: ip,
    });

  it('shows exactly what the certificate shows, without a session, and expires with it', async () => {
    const assignment = await assign({ user: 'learner', score: 88, expiresAt: '2026-06-01T00:00:00.000Z' });
    const number = numberIn(await drawnText((await download(await signedIn(t.app, 'learner'), assignment)).rawPayload));
    const response = await verify(number);
    expect(response.statusCode, response.body).toBe(200);
    const shown = {
      number,
      learner_name: 'Ada Lovelace',
      course_name: 'Fire Safety',
      company_name: 'Acme Industries',
      completed_at: '2026-02-10T14:30:00.000Z',
      score: 88,
      passing_score: 80,
      expires_at: '2026-06-01T00:00:00.000Z',
    };
    expect(response.json()).toEqual({ data: { ...shown, status: 'valid' } });
    // Typed by hand: lower case and spaces are forgiven.
    expect((await verify(` ${number.toLowerCase().replace(/-/g, ' - ')} `)).json()).toEqual({
      data: { ...shown, status: 'valid' },
    });

    t.clock.now = new Date('2026-06-01T00:00:00.000Z');
    expect((await verify(number)).json()).toEqual({ data: { ...shown, status: 'expired' } });
  });

  it('stops verifying a certificate whose assignment was deleted (with its learner)', async () => {
    const assignment = await assign({ user: 'learner' });
    const number = numberIn(await drawnText((await download(await signedIn(t.app, 'learner'), assignment)).rawPayload));
    expect((await verify(number)).statusCode).toBe(200);
    await t.db.deleteFrom('assignments').where('id', '=', assignment).execute();
    expect((await verify(number)).statusCode).toBe(404);
    expect(await certificates()).toEqual([]);
  });

  it('answers 404 with a clear message for an unknown or malformed number', async () => {
    for (const number of ['HEED-AAAA-AAAA-AAAA', 'HEED-0000-0000-0000', 'nonsense', "'; DROP TABLE certificates; --"]) {
      const response = await verify(number);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { message: 'No certificate has this number. Check the number and try again.' },
      });
    }
  });

  it('throttles each address: past the limit 429 with Retry-After, other addresses unaffected', async () => {
    for (let i = 0; i < CERTIFICATE_VERIFY_THROTTLE.perIp; i++)
      expect((await verify('HEED-AAAA-AAAA-AAAA', '198.51.100.1')).statusCode).toBe(404);
    const refused = await verify('HEED-AAAA-AAAA-AAAA', '198.51.100.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toBe('Too many verification requests. Please try again in a few minutes.');
    expect((await verify('HEED-AAAA-AAAA-AAAA', '198.51.100.2')).statusCode).toBe(404);
    t.clock.advanceMinutes(CERTIFICATE_VERIFY_THROTTLE.windowMinutes);
    expect((await verify('HEED-AAAA-AAAA-AAAA', '198.51.100.1')).statusCode).toBe(404);
  });
});
