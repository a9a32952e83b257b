import {
  BudgetSpentError,
  READ_LIMITS,
  FileRefusedError,
  byteBudget,
  checkRowText,
  megabytes,
  tooManyColumns,
} from './file-limits.ts';
import type { RawRow, RowBatches } from './raw-row.ts';
import { type SharedStrings, SharedStringsReader } from './shared-strings.ts';
import { decodeXmlText, elementsOf, textRuns } from './xml-scan.ts';
import {
  type Archive,
  type ZipEntry,
  ZipFormatError,
  listZipEntries,
  openZipEntry,
  readZipText,
  ZIP_LIMITS,
} from './zip-reader.ts';

// A streaming reader for the first worksheet of an XLSX workbook: the sheet's XML is scanned with
// indexOf, never parsed into a tree, so rows cost microseconds and memory stays flat. Shared strings
// are held in memory (a workbook's unique texts), packed outside the V8 heap.

/** The keys a sheet's rows are searched for, each with its own slot in a RowSearch. */
const KEYS = [' r="', ' t="', '<v', '</v>', '</c>'] as const;
type Key = (typeof KEYS)[number];
const SLOT: Record<Key, number> = { ' r="': 0, ' t="': 1, '<v': 2, '</v>': 3, '</c>': 4 };

/**
 * `xml.indexOf(key, from)` for the searches of a chunk's rows, which only move forward: a key's last
 * answer is reused while it still lies ahead. A row of 100,000 cells without `r="…"` would otherwise
 * be searched to its end once per cell.
 */
class RowSearch {
  /** Per key: the `from` of its last search, and its answer. */
  private readonly last = new Float64Array(KEYS.length * 2).fill(Number.POSITIVE_INFINITY);

  constructor(readonly xml: string) {}

  find(key: Key, from: number): number {
    const slot = SLOT[key] * 2;
    const at = this.last[slot + 1]!;
    if (this.last[slot]! <= from && (at < 0 || at >= from)) return at;
    const found = this.xml.indexOf(key, from);
    this.last[slot] = from;
    this.last[slot + 1] = found;
    return found;
  }
}

/** The value of attribute `name` in the tag `xml[start, end)`, or null. */
function attributeIn(search: RowSearch, start: number, end: number, key: ' r="' | ' t="'): string | null {
  const at = search.find(key, start);
  if (at < 0 || at >= end) return null;
  const valueEnd = search.xml.indexOf('"', at + key.length);
  return valueEnd < 0 || valueEnd > end ? null : search.xml.slice(at + key.length, valueEnd);
}

/** The value of attribute `name` in `tag`, or null. */
function attribute(tag: string, name: string): string | null {
  const key = ` ${name}="`;
  const at = tag.indexOf(key);
  const valueEnd = at < 0 ? -1 : tag.indexOf('"', at + key.length);
  return valueEnd < 0 ? null : tag.slice(at + key.length, valueEnd);
}

/** The 0-based column of a cell from its `r="B12"` attribute in `xml[start, end)`; -1 without one. */
function columnIn(search: RowSearch, start: number, end: number): number {
  const at = search.find(' r="', start);
  if (at < 0 || at >= end) return -1;
  let index = 0;
  let i = at + 4;
  for (; i < end; i++) {
    const code = search.xml.charCodeAt(i);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return i === at + 4 ? -1 : index - 1;
}

/** Shared strings by index: the workbook's, or a head read's (read only as far as its rows need). */
interface StringTable {
  at(index: number): string | undefined;
}

/** Excel's last row: a sheet's row numbers (and its stated dimension) stop here. */
const MAX_SHEET_ROW = 1_048_576;

/** A cell's text from its content `xml[start, end)` and its `t` type. */
function cellValue(search: RowSearch, start: number, end: number, type: string | null, shared: StringTable): string {
  const xml = search.xml;
  if (type === 'inlineStr') return textRuns(xml.slice(start, end));
  const v = search.find('<v', start);
  if (v < 0 || v >= end) return '';
  const valueStart = xml.indexOf('>', v) + 1;
  const valueEnd = search.find('</v>', valueStart);
  if (valueStart <= 0 || valueEnd < 0 || valueEnd > end) return '';
  const raw = xml.slice(valueStart, valueEnd);
  if (type === 's') return shared.at(Number(raw)) ?? '';
  if (type === 'b') return raw === '1' ? 'true' : 'false';
  return decodeXmlText(raw);
}

/** The `<row>` element `xml[start, end)` → its row number and cells, within the read limits. */
function parseRow(search: RowSearch, start: number, end: number, previousRow: number, shared: StringTable): RawRow {
  const xml = search.xml;
  const tagEnd = xml.indexOf('>', start);
  const rowAttribute = attributeIn(search, start, tagEnd, ' r="');
  const stated = rowAttribute ? Number(rowAttribute) : previousRow + 1;
  const row = Number.isFinite(stated) && stated > 0 ? stated : previousRow + 1;
  if (row > MAX_SHEET_ROW)
    throw new FileRefusedError(
      `The sheet has a row numbered ${rowAttribute ?? row}, past the last row a sheet can have.`,
    );
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
    const column = columnIn(search, cellStart, cellTagEnd);
    let value = '';
    if (xml.charCodeAt(cellTagEnd - 1) === 47) {
      at = cellTagEnd + 1;
    } else {
      const cellEnd = search.find('</c>', cellTagEnd);
      if (cellEnd < 0 || cellEnd > end) break;
      if (cellEnd > cellTagEnd + 1) {
        value = cellValue(search, cellTagEnd + 1, cellEnd, attributeIn(search, cellStart, cellTagEnd, ' t="'), shared);
      }
      at = cellEnd + 4;
    }
    const index = column < 0 ? cells.length : column;
    // Formatting often reaches far right in empty cells; only a value there is refused.
    if (index >= READ_LIMITS.columns) {
      if (value.trim() === '') continue;
      throw tooManyColumns(row);
    }
    while (cells.length < index) cells.push('');
    cells[index] = value;
  }
  checkRowText(row, cells);
  return { row, cells };
}

/** What messages call the file and its parts. */
const WORKBOOK = { label: 'XLSX workbook' } as const;
const SHEET_PART = "The workbook's sheet";

/**
 * The sheet's XML, at most: a real 300,000-row sheet of 15 columns measures 178 MB (shared strings)
 * to 219 MB (inline strings), a million rows of a dozen columns about 650 MB (decision 044).
 */
const SHEET_BYTES = ZIP_LIMITS.entryBytes;

const rowTooLong = (index: number, head: string) => {
  const stated = /^<row\b[^>]*?\sr="(\d+)"/.exec(head)?.[1];
  const which = stated ? `Row ${stated}` : `Row ${index}`;
  return new FileRefusedError(
    `${which} of the sheet is larger than ${megabytes(READ_LIMITS.rowXmlChars)}; a row of users is a few hundred characters. The file was not read.`,
  );
};

const ROW_SCAN = { maxChars: READ_LIMITS.rowXmlChars, tooLong: rowTooLong } as const;

async function readSmallEntry(archive: Archive, entry: ZipEntry | undefined): Promise<string> {
  if (!entry) return '';
  const part = entry.name === 'xl/workbook.xml' ? "The workbook's list of sheets" : `The workbook's part ${entry.name}`;
  return readZipText(archive, entry, { part });
}

/** The sheet's rows as XML, guarded by the sheet's limits. */
async function openSheet(archive: Archive, sheet: ZipEntry, signal?: AbortSignal) {
  return openZipEntry(archive, sheet, { maxBytes: SHEET_BYTES, part: SHEET_PART, signal });
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

async function readSharedStrings(
  archive: Archive,
  entry: ZipEntry | undefined,
  signal?: AbortSignal,
): Promise<SharedStrings> {
  const reader = await SharedStringsReader.open(archive, entry, signal);
  try {
    await reader.reach(Number.POSITIVE_INFINITY);
  } finally {
    await reader.close();
  }
  return reader.strings;
}

async function workbookEntries(archive: Archive): Promise<Map<string, ZipEntry>> {
  const entries = await listZipEntries(archive, WORKBOOK);
  if (!entries.has('xl/workbook.xml')) throw new ZipFormatError('The file is a ZIP archive, not an XLSX workbook.');
  return entries;
}

/** The `<dimension ref="A1:M100001"/>` before the rows: the sheet's last row, when the writer set it. */
function dimensionOf(text: string): number | null {
  const lastRow = /<dimension ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec(text)?.[1];
  // Only an estimate for progress: a dimension past Excel's last row is not believed.
  return lastRow && Number(lastRow) <= MAX_SHEET_ROW ? Number(lastRow) : null;
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
  signal?: AbortSignal,
): RowBatches {
  const entries = await workbookEntries(archive);
  const sheet = await firstSheet(archive, entries);
  const shared = await readSharedStrings(archive, entries.get('xl/sharedStrings.xml'), signal);
  let batch: RawRow[] = [];
  let previousRow = 0;
  let first = true;
  const rows = elementsOf(await openSheet(archive, sheet, signal), 'row', { ...ROW_SCAN, signal });
  for await (const { text, spans } of rows) {
    if (first && onDimension) {
      const lastRow = dimensionOf(text);
      if (lastRow !== null) onDimension(lastRow);
    }
    first = false;
    const search = new RowSearch(text);
    for (let i = 0; i < spans.length; i += 2) {
      const parsed = parseRow(search, spans[i]!, spans[i + 1]!, previousRow, shared);
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

const HEAD_NOT_FOUND = `The sheet has no header and rows of users in its first ${megabytes(READ_LIMITS.headScanBytes)}; the file was not read.`;

/**
 * The first `rows` non-empty rows of the first worksheet, for an upload's preview: the same rows as
 * `readXlsx`'s first, but reading the shared strings only as far as those rows use them (a workbook
 * lists them in order of first use), not every string of the file.
 */
export async function readXlsxHead(
  archive: Archive,
  rows: number,
  onDimension?: (lastRow: number) => void,
  signal?: AbortSignal,
): Promise<RawRow[]> {
  const entries = await workbookEntries(archive);
  const sheet = await firstSheet(archive, entries);
  const shared = await SharedStringsReader.open(archive, entries.get('xl/sharedStrings.xml'), signal);
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
    // The preview's rows are near the top: past the head budget they are not in the sheet.
    const sheetXml = byteBudget(await openSheet(archive, sheet, signal), READ_LIMITS.headScanBytes, HEAD_NOT_FOUND);
    for await (const { text, spans } of elementsOf(sheetXml, 'row', { ...ROW_SCAN, signal })) {
      if (first && onDimension) {
        const lastRow = dimensionOf(text);
        if (lastRow !== null) onDimension(lastRow);
      }
      first = false;
      // One search per pass: each moves forward through the chunk.
      const counting = new RowSearch(text);
      const reading = new RowSearch(text);
      for (let i = 0; i < spans.length && head.length < rows; i += 2) {
        parseRow(counting, spans[i]!, spans[i + 1]!, previousRow, indexes);
        await shared.reach(highest);
        const parsed = parseRow(reading, spans[i]!, spans[i + 1]!, previousRow, shared.strings);
        previousRow = parsed.row;
        if (parsed.cells.every((cell) => cell.trim() === '')) continue;
        head.push(parsed);
      }
      if (head.length >= rows) break;
    }
  } catch (error) {
    // Rows far below a few real ones (formatting to the sheet's end): the preview shows what it found.
    if (!(error instanceof BudgetSpentError && head.length >= 2)) throw error;
  } finally {
    await shared.close();
  }
  return head;
}
