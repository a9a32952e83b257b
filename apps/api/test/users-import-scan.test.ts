import { Readable } from 'node:stream';
import { importMapping } from '@heed/contract';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../src/platform/files/csv-reader.ts';
import { FileRefusedError, READ_LIMITS } from '../src/platform/files/file-limits.ts';
import type { RawRow } from '../src/platform/files/raw-row.ts';
import { SHARED_STRING_LIMITS, SharedStrings } from '../src/platform/files/shared-strings.ts';
import { ElementScanner, elementsOf, textRuns } from '../src/platform/files/xml-scan.ts';
import { type Archive, ZIP_LIMITS, ZipFormatError, listZipEntries } from '../src/platform/files/zip-reader.ts';
import { zipOf } from './support/hostile-files.ts';

// The readers' limits one at a time, below the API: the element scan stays linear and stops at its cap,
// shared strings stop at theirs, and the ZIP reader's limits speak of the file its caller reads.

/** The elements a scanner finds in `xml` delivered in pieces of `size` characters. */
function elementsIn(xml: string, name: string, size: number): string[] {
  const scanner = new ElementScanner(name);
  const found: string[] = [];
  const take = ({ text, spans }: { text: string; spans: number[] }) => {
    for (let i = 0; i < spans.length; i += 2) found.push(text.slice(spans[i], spans[i + 1]));
  };
  for (let at = 0; at < xml.length; at += size) take(scanner.push(xml.slice(at, at + size), false));
  take(scanner.push('', true));
  return found;
}

describe('the element scan', () => {
  const rows = [
    '<row r="1"><c><v>1</v></c></row>',
    '<row r="2"/>',
    '<row>text &amp; <c t="s"><v>2</v></c></row>',
    `<row r="4" spans="1:3">${'<c><v>9</v></c>'.repeat(40)}</row>`,
  ];
  const xml = `<sheetData>${rows[0]}<rowBreaks count="1"/>${rows[1]}\n${rows[2]}${rows[3]}</sheetData><row r="5">unclosed`;

  it('finds the same elements whatever the chunk boundaries (tags and close tags straddle them)', () => {
    for (const size of [1, 2, 3, 5, 6, 7, 11, 64, 4096])
      expect(elementsIn(xml, 'row', size), `pieces of ${size}`).toEqual(rows);
  });

  it('examines each character a bounded number of times: 10,000 chunks of an element that never closes', () => {
    const stats = { examined: 0 };
    const scanner = new ElementScanner('row', { stats });
    const chunk = '<c r="A1"><v>12345</v></c>'.repeat(4);
    scanner.push('<sheetData><row r="1">', false);
    for (let i = 0; i < 10_000; i++) expect(scanner.push(chunk, false).spans).toEqual([]);
    const input = 10_000 * chunk.length;
    // Searching the whole pending element again after each chunk examined ~5,000 × input characters.
    expect(stats.examined).toBeLessThan(2 * input);
    scanner.push('</row>', false);
    expect(stats.examined).toBeLessThan(3 * input);
  });

  it('refuses an element past its cap without reading further chunks', async () => {
    let pulled = 0;
    const chunk = Buffer.from('<c><v>1</v></c>'.repeat(4096));
    const endless = Readable.from(
      (function* () {
        yield Buffer.from('<sheetData><row r="9">');
        for (;;) {
          pulled++;
          yield chunk;
        }
      })(),
    );
    const tooLong = (index: number, head: string) => new FileRefusedError(`element ${index}: ${head.slice(0, 10)}`);
    const scan = async () => {
      for await (const _ of elementsOf(endless, 'row', { maxChars: 1 << 20, tooLong })) {
        // reading on
      }
    };
    await expect(scan()).rejects.toThrow('element 1: <row r="9"');
    expect(pulled * chunk.length).toBeLessThan((1 << 20) + 3 * chunk.length);
  });

  it('stops between chunks once its signal aborts', async () => {
    const controller = new AbortController();
    const stream = Readable.from(
      (function* () {
        yield Buffer.from('<row r="1"/>');
        controller.abort(new Error('cancelled'));
        yield Buffer.from('<row r="2"/>');
      })(),
    );
    const scan = async () => {
      for await (const _ of elementsOf(stream, 'row', { signal: controller.signal })) {
        // reading on
      }
    };
    await expect(scan()).rejects.toThrow('cancelled');
  });

  it('joins rich-text runs and leaves out phonetic hints, in one pass over many runs', () => {
    expect(textRuns('<r><t>Ad</t></r><rPh sb="0"><t>x</t></rPh><r><t xml:space="preserve">a &amp; </t></r><t/>')).toBe(
      'Ada & ',
    );
    const runs = '<r><t>a</t></r>'.repeat(100_000);
    expect(textRuns(runs)).toHaveLength(100_000);
  });
});

describe('the read limits', () => {
  it('match the columns a mapping holds', () => {
    expect(importMapping.safeParse(new Array(READ_LIMITS.columns).fill(null)).success).toBe(true);
    expect(importMapping.safeParse(new Array(READ_LIMITS.columns + 1).fill(null)).success).toBe(false);
  });

  it('drop empty CSV cells past the last column, and refuse a value there', async () => {
    const read = async (text: string) => {
      const rows: RawRow[] = [];
      for await (const batch of readCsv(Readable.from([Buffer.from(text)]), { delimiter: ',', encoding: 'utf-8' }, 10))
        rows.push(...batch);
      return rows;
    };
    const rows = await read(`a,b${','.repeat(5000)}\n`);
    expect(rows[0]!.cells).toHaveLength(READ_LIMITS.columns);
    await expect(read(`a,b\n1,2${','.repeat(600)}x\n`)).rejects.toThrow(/^Row 2 has a value past column 500/);
  });

  it('refuse a CSV row of more text than a row holds', async () => {
    const cell = 'x'.repeat(30_000);
    const rows = readCsv(
      Readable.from([Buffer.from(`a,b,c\n${cell},${cell},${cell}\n`)]),
      { delimiter: ',', encoding: 'utf-8' },
      10,
    );
    await expect(rows.next()).rejects.toThrow(/^Row 2 holds more than 65,536 characters/);
  });

  it('stop shared strings at a cell’s length, at their text limit and at their count', () => {
    const strings = new SharedStrings();
    expect(() => strings.push('x'.repeat(READ_LIMITS.cellChars + 1))).toThrow(
      /^Shared string 1 .* more than 32,767 characters/,
    );
    const long = 'y'.repeat(READ_LIMITS.cellChars);
    const fits = Math.floor(SHARED_STRING_LIMITS.textBytes / long.length);
    for (let i = 0; i < fits; i++) strings.push(long);
    expect(strings.at(fits - 1)).toBe(long);
    expect(() => strings.push(long)).toThrow(/holds more than 64 MB of text/);

    const empty = new SharedStrings();
    for (let i = 0; i < SHARED_STRING_LIMITS.count; i++) empty.push('');
    expect(() => empty.push('')).toThrow(/holds more than 8,000,000 strings/);
  });
});

describe('the ZIP reader', () => {
  const archiveOf = (bytes: Buffer): Archive => ({
    size: bytes.length,
    read: async (start) => Readable.from([bytes.subarray(start)]),
  });

  it('refuses more entries than its limit, naming the file as its caller does', async () => {
    // Stored, not deflated: the count is what is refused, and 10,001 deflate streams wait on the
    // process's zlib threads, which other test files share (30 s in CI, 3 s alone).
    const parts = Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({
      name: `sco/${i}.html`,
      content: 'x',
      stored: true,
    }));
    const zip = await zipOf(parts);
    const error = await listZipEntries(archiveOf(zip), { label: 'SCORM package' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ZipFormatError);
    expect((error as Error).message).toBe('The SCORM package holds more than 10,000 files; it was not read.');
  });

  it('reads the uncompressed size each entry declares', async () => {
    const zip = await zipOf([{ name: 'a.xml', content: 'a'.repeat(5000) }]);
    const entry = (await listZipEntries(archiveOf(zip))).get('a.xml')!;
    expect(entry.size).toBe(5000);
    expect(entry.compressedSize).toBeLessThan(100);
  });
});
