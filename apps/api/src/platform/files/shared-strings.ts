import { FileRefusedError, READ_LIMITS, megabytes } from './file-limits.ts';
import { type Elements, elementsOf, textRuns } from './xml-scan.ts';
import { type Archive, type ZipEntry, openZipEntry } from './zip-reader.ts';

const MiB = 1024 * 1024;

/**
 * What a workbook's shared strings may hold, all in memory for the whole read (decision 044). A real
 * 300,000-row workbook with five unique columns measures 50 MB of XML and ~25 MB of text.
 */
export const SHARED_STRING_LIMITS = {
  /** The part's XML. */
  xmlBytes: 256 * MiB,
  /** The text kept, packed as UTF-8. */
  textBytes: 64 * MiB,
  /** Strings: 4 bytes each of offsets. */
  count: 8_000_000,
} as const;

const PART = "The workbook's list of shared strings";
const tooMuch = (what: string) =>
  new FileRefusedError(`${PART} holds more than ${what}, more than Heed reads; save the sheet as CSV and upload that.`);

/**
 * A workbook's shared strings, packed: UTF-8 bytes in one growing buffer and an end offset per
 * string, outside the V8 heap. Held as JavaScript strings, a 100,000-row sheet of unique names and
 * e-mails takes ~60 MB of heap (a string object each, most of them slices keeping their XML alive);
 * packed it is ~15 MB of plain bytes that the garbage collector never walks, so the worker's heap
 * limit stays far from its live data. A cell's text is decoded when its row is read.
 */
export class SharedStrings {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private ends = new Uint32Array(1 << 12);
  private used = 0;
  length = 0;

  push(text: string): void {
    if (text.length > READ_LIMITS.cellChars)
      throw new FileRefusedError(
        `Shared string ${this.length + 1} of the workbook holds more than ${READ_LIMITS.cellChars.toLocaleString('en-US')} characters, more than a cell can; the file was not read.`,
      );
    if (this.length >= SHARED_STRING_LIMITS.count)
      throw tooMuch(`${SHARED_STRING_LIMITS.count.toLocaleString('en-US')} strings`);
    const need = this.used + text.length * 3;
    if (need > this.bytes.length) {
      // Doubling, but never past the limit (plus one string's worst case): the limit is what memory holds.
      const grown = Buffer.allocUnsafe(
        Math.max(need, Math.min(this.bytes.length * 2, SHARED_STRING_LIMITS.textBytes + READ_LIMITS.cellChars * 3)),
      );
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
    // Checked once written: the buffer has room for one string past the limit, never more.
    if (this.used > SHARED_STRING_LIMITS.textBytes)
      throw tooMuch(`${megabytes(SHARED_STRING_LIMITS.textBytes)} of text`);
    if (this.length === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.length++] = this.used;
  }

  /** The string at `index`, or undefined past the end. */
  at(index: number): string | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    const start = index === 0 ? 0 : this.ends[index - 1]!;
    return this.bytes.toString('utf8', start, this.ends[index]!);
  }
}

const siTooLong = (index: number) =>
  new FileRefusedError(
    `Shared string ${index} of the workbook is larger than ${Math.round(READ_LIMITS.sharedStringXmlChars / 1024)} KB of XML, more than a cell's text needs; the file was not read.`,
  );

/** The shared strings read so far, and the means to read on as far as an index. */
export class SharedStringsReader {
  readonly strings = new SharedStrings();
  private source: AsyncGenerator<Elements> | null = null;

  private constructor() {}

  static async open(archive: Archive, entry: ZipEntry | undefined, signal?: AbortSignal): Promise<SharedStringsReader> {
    const reader = new SharedStringsReader();
    if (!entry) return reader;
    const xml = await openZipEntry(archive, entry, { maxBytes: SHARED_STRING_LIMITS.xmlBytes, part: PART, signal });
    reader.source = elementsOf(xml, 'si', { maxChars: READ_LIMITS.sharedStringXmlChars, tooLong: siTooLong, signal });
    return reader;
  }

  /** Reads on until string `index` is in (or the part ends). */
  async reach(index: number): Promise<void> {
    while (this.source && this.strings.length <= index) {
      const next = await this.source.next();
      if (next.done) {
        this.source = null;
        break;
      }
      const { text, spans } = next.value;
      for (let i = 0; i < spans.length; i += 2) this.strings.push(textRuns(text.slice(spans[i], spans[i + 1])));
    }
  }

  /** Stops reading (closes the file). */
  async close(): Promise<void> {
    await this.source?.return(undefined);
    this.source = null;
  }
}
