import { Writable } from 'node:stream';
import { constants } from 'node:zlib';
import { ZipWriter } from '../../src/platform/files/zip-writer.ts';

// Hostile files, made at test time: ZIP archives whose entries are deflated from generators (tens of
// MB of XML never held whole), and the XLSX parts around a sheet. Also used by bench/hostile-uploads.

/** An entry's content: text pieces, generated as the entry is written. */
export type Pieces = Iterable<string>;

export interface ZipPart {
  name: string;
  content: Pieces | string;
  /** Stored whole, not deflated (text content only). */
  stored?: boolean;
}

/** Pieces gathered into ~1 MiB buffers: the compressor gets big writes, not millions of tiny ones. */
function* batched(content: Pieces | string): Generator<Buffer> {
  if (typeof content === 'string') {
    yield Buffer.from(content);
    return;
  }
  let held: string[] = [];
  let length = 0;
  for (const piece of content) {
    held.push(piece);
    length += piece.length;
    if (length < 1 << 20) continue;
    yield Buffer.from(held.join(''));
    held = [];
    length = 0;
  }
  if (length > 0) yield Buffer.from(held.join(''));
}

/** A ZIP archive of the parts, each deflated at the best compression (as a bomb's maker would) unless stored. */
export async function zipOf(parts: ZipPart[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const zip = new ZipWriter(out);
  for (const part of parts) {
    if (part.stored && typeof part.content === 'string') {
      zip.addFile(part.name, part.content);
      continue;
    }
    const entry = zip.openDeflated(part.name, { level: constants.Z_BEST_COMPRESSION, backlogBytes: 1 << 20 });
    for (const data of batched(part.content)) await entry.write(data);
    await entry.end();
  }
  const finished = new Promise((resolve) => out.once('finish', resolve));
  zip.finish();
  await finished;
  return Buffer.concat(chunks);
}

/** Changes the uncompressed size the central directory declares for `name` (a lying archive). */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  const key = Buffer.from(name);
  for (let at = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0; at--) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (nameLength === key.length && copy.subarray(at + 46, at + 46 + nameLength).equals(key)) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error(`No entry ${name}`);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const WORKBOOK_XML = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Users" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`;

export interface WorkbookParts {
  /** The rows: what goes inside `<sheetData>`. */
  rows: Pieces | string;
  sharedStrings?: Pieces | string;
  workbook?: Pieces | string;
}

/** A minimal XLSX workbook around generated rows (and shared strings, and a workbook.xml). */
export function xlsxOf(parts: WorkbookParts): Promise<Buffer> {
  const sheet = function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
    if (typeof parts.rows === 'string') yield parts.rows;
    else yield* parts.rows;
    yield '</sheetData></worksheet>';
  };
  const entries: ZipPart[] = [
    { name: '[Content_Types].xml', content: TYPES },
    { name: 'xl/workbook.xml', content: parts.workbook ?? WORKBOOK_XML },
    { name: 'xl/_rels/workbook.xml.rels', content: RELS },
    { name: 'xl/worksheets/sheet1.xml', content: sheet() },
  ];
  if (parts.sharedStrings !== undefined) {
    const strings = parts.sharedStrings;
    entries.push({
      name: 'xl/sharedStrings.xml',
      content: (function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}">`;
        if (typeof strings === 'string') yield strings;
        else yield* strings;
        yield '</sst>';
      })(),
    });
  }
  return zipOf(entries);
}

/** An inline-string cell. */
export const cell = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;

/** A row of inline-string cells, numbered. */
export const row = (r: number, cells: string[]) => `<row r="${r}">${cells.map(cell).join('')}</row>`;

export const HEADER = ['Username', 'E-mail', 'First name', 'Last name'];

/** The header and `count` valid users, as sheet rows. */
export function* usersRows(count: number, tag: string): Generator<string> {
  yield row(1, HEADER);
  for (let i = 1; i <= count; i++) yield row(i + 1, [`${tag}.${i}`, `${tag}.${i}@example.test`, 'Ada', `Row ${i}`]);
}

/** `total` characters made of `piece` repeated, in pieces. */
export function* repeat(piece: string, total: number): Generator<string> {
  const block = piece.repeat(Math.max(1, Math.floor((64 * 1024) / piece.length)));
  for (let made = 0; made < total; made += block.length) yield block;
}

/** Digits that deflate poorly (~2:1), from a fixed seed: a row that is long without being a bomb. */
export function* noise(total: number, seed = 1): Generator<string> {
  let state = seed;
  for (let made = 0; made < total; ) {
    let text = '';
    for (let i = 0; i < 4096; i++) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      // The high bits: an LCG's low bits repeat within a few dozen steps.
      text += `<c><v>${(state >>> 8) % 1_000_000}</v></c>`;
    }
    made += text.length;
    yield text;
  }
}
