import type { RawRow, RowBatches } from './raw-row.ts';
import { type SharedStrings, SharedStringsReader } from './shared-strings.ts';
import { decodeXmlText, elementsOf, textRuns } from './xml-scan.ts';
import { type Archive, type ZipEntry, ZipFormatError, listZipEntries, openZipEntry } from './zip-reader.ts';

// A streaming reader for the first worksheet of an XLSX workbook: the sheet's XML is scanned with
// indexOf, never parsed into a tree, so rows cost microseconds and memory stays flat. Shared strings
// are held in memory (a workbook's unique texts), packed outside the V8 heap.

/** The value of attribute `name` in the tag `xml[start, end)`, or null. */
function attributeIn(xml: string, start: number, end: number, name: string): string | null {
  const key = ` ${name}="`;
  const at = xml.indexOf(key, start);
  if (at < 0 || at >= end) return null;
  const valueEnd = xml.indexOf('"', at + key.length);
  return valueEnd < 0 || valueEnd > end ? null : xml.slice(at + key.length, valueEnd);
}

const attribute = (tag: string, name: string) => attributeIn(tag, 0, tag.length, name);

/** The 0-based column of a cell from its `r="B12"` attribute in `xml[start, end)`; -1 without one. */
function columnIn(xml: string, start: number, end: number): number {
  const at = xml.indexOf(' r="', start);
  if (at < 0 || at >= end) return -1;
  let index = 0;
  let i = at + 4;
  for (; ; i++) {
    const code = xml.charCodeAt(i);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return i === at + 4 ? -1 : index - 1;
}

/** Shared strings by index: the workbook's, or a head read's (read only as far as its rows need). */
interface StringTable {
  at(index: number): string | undefined;
}

/** A cell's text from its content `xml[start, end)` and its `t` type. */
function cellValue(xml: string, start: number, end: number, type: string | null, shared: StringTable): string {
  if (type === 'inlineStr') return textRuns(xml.slice(start, end));
  const v = xml.indexOf('<v', start);
  if (v < 0 || v >= end) return '';
  const valueStart = xml.indexOf('>', v) + 1;
  const valueEnd = xml.indexOf('</v>', valueStart);
  if (valueStart <= 0 || valueEnd < 0 || valueEnd > end) return '';
  const raw = xml.slice(valueStart, valueEnd);
  if (type === 's') return shared.at(Number(raw)) ?? '';
  if (type === 'b') return raw === '1' ? 'true' : 'false';
  return decodeXmlText(raw);
}

/** The `<row>` element `xml[start, end)` → its row number and cells. */
function parseRow(xml: string, start: number, end: number, previousRow: number, shared: StringTable): RawRow {
  const tagEnd = xml.indexOf('>', start);
  const rowAttribute = attributeIn(xml, start, tagEnd, 'r');
  const row = rowAttribute ? Number(rowAttribute) : previousRow + 1;
  const cells: string[] = [];
  let at = tagEnd + 1;
  while (at < end) {
    const cellStart = xml.indexOf('<c', at);
    if (cellStart < 0 || cellStart >= end) break;
    const next = xml.charCodeAt(cellStart + 2);
    const cellTagEnd = xml.indexOf('>', cellStart);
    if (next !== 32 && next !== 62 && next !== 47) {
      at = cellTagEnd + 1;
      continue;
    }
    const column = columnIn(xml, cellStart, cellTagEnd);
    let value = '';
    if (xml.charCodeAt(cellTagEnd - 1) === 47) {
      at = cellTagEnd + 1;
    } else {
      const cellEnd = xml.indexOf('</c>', cellTagEnd);
      if (cellEnd < 0 || cellEnd > end) break;
      if (cellEnd > cellTagEnd + 1) {
        value = cellValue(xml, cellTagEnd + 1, cellEnd, attributeIn(xml, cellStart, cellTagEnd, 't'), shared);
      }
      at = cellEnd + 4;
    }
    const index = column < 0 ? cells.length : column;
    while (cells.length < index) cells.push('');
    cells[index] = value;
  }
  return { row: Number.isFinite(row) && row > 0 ? row : previousRow + 1, cells };
}

async function readSmallEntry(archive: Archive, entry: ZipEntry | undefined): Promise<string> {
  if (!entry) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of await openZipEntry(archive, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The first worksheet's entry: workbook.xml's first `<sheet>`, through the workbook's relationships. */
async function firstSheet(archive: Archive, entries: Map<string, ZipEntry>): Promise<ZipEntry> {
  const workbook = await readSmallEntry(archive, entries.get('xl/workbook.xml'));
  const sheetTag = /<sheet\b[^>]*>/.exec(workbook)?.[0] ?? '';
  const id = /\br:id="([^"]+)"/.exec(sheetTag)?.[1];
  if (id) {
    const rels = await readSmallEntry(archive, entries.get('xl/_rels/workbook.xml.rels'));
    for (const rel of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
      if (attribute(rel, 'Id') !== id) continue;
      const target = attribute(rel, 'Target') ?? '';
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      const entry = entries.get(path);
      if (entry) return entry;
    }
  }
  const fallback = [...entries.values()].find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  if (!fallback) throw new ZipFormatError('The workbook has no worksheet.');
  return fallback;
}

async function readSharedStrings(archive: Archive, entry: ZipEntry | undefined): Promise<SharedStrings> {
  const reader = await SharedStringsReader.open(archive, entry);
  await reader.reach(Number.POSITIVE_INFINITY);
  return reader.strings;
}

/** The `<dimension ref="A1:M100001"/>` before the rows: the sheet's last row, when the writer set it. */
function dimensionOf(text: string): number | null {
  const lastRow = /<dimension ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(text)?.[1];
  return lastRow ? Number(lastRow) : null;
}

/**
 * Streams the first worksheet's rows in batches. Reads of the file, each starting where its part does:
 * the directory, the workbook's small parts, all the shared strings (often stored after the sheet), then
 * the sheet. Empty rows are skipped.
 */
export async function* readXlsx(
  archive: Archive,
  batchSize: number,
  onDimension?: (lastRow: number) => void,
): RowBatches {
  const entries = await listZipEntries(archive);
  if (!entries.has('xl/workbook.xml')) throw new ZipFormatError('The file is a ZIP archive, not an XLSX workbook.');
  const sheet = await firstSheet(archive, entries);
  const shared = await readSharedStrings(archive, entries.get('xl/sharedStrings.xml'));
  let batch: RawRow[] = [];
  let previousRow = 0;
  let first = true;
  for await (const { text, spans } of elementsOf(await openZipEntry(archive, sheet), 'row')) {
    if (first && onDimension) {
      const lastRow = dimensionOf(text);
      if (lastRow !== null) onDimension(lastRow);
    }
    first = false;
    for (let i = 0; i < spans.length; i += 2) {
      const parsed = parseRow(text, spans[i]!, spans[i + 1]!, previousRow, shared);
      previousRow = parsed.row;
      if (parsed.cells.every((cell) => cell.trim() === '')) continue;
      batch.push(parsed);
    }
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * The first `rows` non-empty rows of the first worksheet, for an upload's preview: the same rows as
 * `readXlsx`'s first, but reading the shared strings only as far as those rows use them (a workbook
 * lists them in order of first use), not every string of the file.
 */
export async function readXlsxHead(
  archive: Archive,
  rows: number,
  onDimension?: (lastRow: number) => void,
): Promise<RawRow[]> {
  const entries = await listZipEntries(archive);
  if (!entries.has('xl/workbook.xml')) throw new ZipFormatError('The file is a ZIP archive, not an XLSX workbook.');
  const sheet = await firstSheet(archive, entries);
  const shared = await SharedStringsReader.open(archive, entries.get('xl/sharedStrings.xml'));
  const head: RawRow[] = [];
  let previousRow = 0;
  let first = true;
  // Each row is parsed twice: once to learn the highest string index it uses, then with its strings.
  let highest = -1;
  const indexes: StringTable = {
    at: (index) => {
      if (index > highest) highest = index;
      return '';
    },
  };
  try {
    for await (const { text, spans } of elementsOf(await openZipEntry(archive, sheet), 'row')) {
      if (first && onDimension) {
        const lastRow = dimensionOf(text);
        if (lastRow !== null) onDimension(lastRow);
      }
      first = false;
      for (let i = 0; i < spans.length && head.length < rows; i += 2) {
        parseRow(text, spans[i]!, spans[i + 1]!, previousRow, indexes);
        await shared.reach(highest);
        const parsed = parseRow(text, spans[i]!, spans[i + 1]!, previousRow, shared.strings);
        previousRow = parsed.row;
        if (parsed.cells.every((cell) => cell.trim() === '')) continue;
        head.push(parsed);
      }
      if (head.length >= rows) break;
    }
  } finally {
    await shared.close();
  }
  return head;
}
