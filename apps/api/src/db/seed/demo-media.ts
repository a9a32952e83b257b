import { Readable } from 'node:stream';
import type { Insertable, Kysely } from 'kysely';
import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import { checkPackage, detectMediaType, unpackPackage } from '../../modules/course-media/index.ts';
import type { Config } from '../../config.ts';
import { storageArea } from '../../platform/storage-area.ts';
import { type FileStorage, randomKeyPart, safeFileName } from '../../platform/storage.ts';
import type { Database } from '../types.ts';
import { CONDUCT_POLICY, EVACUATION_PACKAGE, FIRE_DOORS_PACKAGE } from './catalog-media.ts';
import type { DemoMediaKey } from './catalog-types.ts';
import { demoScormFiles, zipFiles } from './demo-scorm-packages.ts';
import { type IdAllocator, insertMany } from './seed-db.ts';

/** Where uploads are stored: the course-media module's folder under DATA_DIR. */
export const demoMediaStorage = (config: Pick<Config, 'dataDir' | 'storage'>) => storageArea(config, 'course-media');

export interface DemoMediaItem {
  id: number;
  kind: 'scorm' | 'document';
  scormVersion: '1.2' | '2004' | null;
}

const MAX_BYTES = 50 * 1024 * 1024;

/**
 * Stores the demo's SCORM packages and policy PDF exactly as `POST /course-media` does: the file
 * staged, its type read from its first bytes, a package checked by the module's own validator and
 * unpacked into a staged folder renamed into place (the zip not kept), a PDF renamed into place; then
 * the course_media rows. Returns the rows' ids by key.
 */
export async function seedDemoMedia(
  db: Kysely<Database>,
  ids: IdAllocator,
  storage: FileStorage,
  adminId: number,
  stamp: string,
): Promise<Map<DemoMediaKey, DemoMediaItem>> {
  const files: [DemoMediaKey, 'scorm' | 'document', string, Buffer][] = [
    ['fire-doors', 'scorm', 'fire-door-safety-scorm12.zip', await zipFiles(demoScormFiles(FIRE_DOORS_PACKAGE))],
    [
      'evacuation',
      'scorm',
      'evacuation-and-assembly-scorm2004.zip',
      await zipFiles(demoScormFiles(EVACUATION_PACKAGE)),
    ],
    ['conduct-policy', 'document', 'code-of-conduct-policy.pdf', await conductPolicyPdf(stamp)],
  ];
  const rows: Insertable<Database['course_media']>[] = [];
  const items = new Map<DemoMediaKey, DemoMediaItem>();
  for (const [key, kind, name, bytes] of files) {
    const staged = await storage.stage(Readable.from([bytes]), MAX_BYTES);
    const detected = detectMediaType(kind, staged.head);
    if (!detected) throw new Error(`The demo's ${name} is not a ${kind}`);
    const stem = safeFileName(name.replace(/\.[^.]*$/, ''));
    let placed: {
      key: string;
      version: string | null;
      launch: string | null;
      title: string | null;
      count: number | null;
    };
    if (kind === 'scorm') {
      const archive = { size: staged.size, read: staged.read, readAt: staged.readAt };
      const folder = await storage.stageDirectory();
      const pkg = await checkPackage(archive);
      await unpackPackage(archive, pkg, folder);
      const folderKey = `scorm/${randomKeyPart()}-${stem}`;
      await folder.commit(folderKey);
      await staged.discard();
      placed = {
        key: folderKey,
        version: pkg.manifest.version,
        launch: pkg.manifest.launchHref.replace(/^\.\//, ''),
        title: pkg.manifest.title,
        count: pkg.files.length,
      };
    } else {
      const fileKey = `document/${randomKeyPart()}-${stem}.${detected.extension}`;
      await staged.commit(fileKey);
      placed = { key: fileKey, version: null, launch: null, title: null, count: null };
    }
    const id = ids.next('course_media');
    items.set(key, {
      id,
      kind,
      scormVersion: placed.version === '1.2' || placed.version === '2004' ? placed.version : null,
    });
    rows.push({
      id,
      kind,
      storage_path: placed.key,
      original_name: name,
      mime: detected.mime,
      size: bytes.length,
      scorm_version: placed.version,
      launch_path: placed.launch,
      title: placed.title,
      file_count: placed.count,
      created_by: adminId,
      created_at: stamp,
    });
  }
  await insertMany(db, 'course_media', rows);
  return items;
}

/** Lines of `text` that fit `width` at `size` points. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) > width && line !== '') {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The Code of Conduct policy as a one-page A4 PDF (pdf-lib, standard fonts), dated `stamp`. */
export async function conductPolicyPdf(stamp: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const date = new Date(stamp);
  pdf.setTitle(CONDUCT_POLICY.title);
  pdf.setAuthor('Heed demo');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595.28, 841.89]);
  const margin = 64;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin;
  const write = (text: string, font: PDFFont, size: number, gap: number, color = rgb(0.12, 0.16, 0.2)) => {
    for (const line of wrap(text, font, size, width)) {
      y -= size * 1.35;
      page.drawText(line, { x: margin, y, size, font, color });
    }
    y -= gap;
  };
  write(CONDUCT_POLICY.title, bold, 22, 4);
  write(CONDUCT_POLICY.version, regular, 10, 18, rgb(0.35, 0.4, 0.45));
  for (const section of CONDUCT_POLICY.sections) {
    write(section.heading, bold, 13, 2);
    write(section.text, regular, 11, 14);
  }
  write('Read this policy to the end, then acknowledge it in the course.', regular, 10, 0, rgb(0.35, 0.4, 0.45));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
