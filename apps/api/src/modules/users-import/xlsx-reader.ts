import type { RawRow, RowBatches } from './raw-row.ts';
import { SharedStrings } from './shared-strings.ts';
import { decodeXmlText, elementsOf, textRuns } from './xml-scan.ts';
import { type OpenArchive, type ZipEntry, ZipFormatError, listZipEntries, openZipEntry } from './zip-reader.ts';

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

/** A cell's text from its content `xml[start, end)` and its `t` type. */
function cellValue(xml: string, start: number, end: number, type: string | null, shared: SharedStrings): string {
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
function parseRow(xml: string, start: number, end: number, previousRow: number, shared: SharedStrings): RawRow {
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

async function readSmallEntry(open: OpenArchive, entry: ZipEntry | undefined): Promise<string> {
  if (!entry) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of await openZipEntry(open, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The first worksheet's entry: workbook.xml's first `<sheet>`, through the workbook's relationships. */
async function firstSheet(open: OpenArchive, entries: Map<string, ZipEntry>): Promise<ZipEntry> {
  const workbook = await readSmallEntry(open, entries.get('xl/workbook.xml'));
  const sheetTag = /<sheet\b[^>]*>/.exec(workbook)?.[0] ?? '';
  const id = /\br:id="([^"]+)"/.exec(sheetTag)?.[1];
  if (id) {
    const rels = await readSmallEntry(open, entries.get('xl/_rels/workbook.xml.rels'));
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

async function readSharedStrings(open: OpenArchive, entry: ZipEntry | undefined): Promise<SharedStrings> {
  const strings = new SharedStrings();
  if (!entry) return strings;
  for await (const { text, spans } of elementsOf(await openZipEntry(open, entry), 'si')) {
    for (let i = 0; i < spans.length; i += 2) strings.push(textRuns(text.slice(spans[i], spans[i + 1])));
  }
  return strings;
}

/**
 * Streams the first worksheet's rows in batches. Three reads of the file: its directory, the shared
 * strings (often stored after the sheet), then the sheet. Empty rows are skipped.
 */
export async function* readXlsx(
  open: OpenArchive,
  batchSize: number,
  onDimension?: (lastRow: number) => void,
): RowBatches {
  const entries = await listZipEntries(open);
  if (!entries.has('xl/workbook.xml')) throw new ZipFormatError('The file is a ZIP archive, not an XLSX workbook.');
  const sheet = await firstSheet(open, entries);
  const shared = await readSharedStrings(open, entries.get('xl/sharedStrings.xml'));
  let batch: RawRow[] = [];
  let previousRow = 0;
  let first = true;
  for await (const { text, spans } of elementsOf(await openZipEntry(open, sheet), 'row')) {
    if (first && onDimension) {
      // `<dimension ref="A1:M100001"/>` comes before the rows: the sheet's last row, when the writer set it.
      const lastRow = /<dimension ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(text)?.[1];
      if (lastRow) onDimension(Number(lastRow));
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
