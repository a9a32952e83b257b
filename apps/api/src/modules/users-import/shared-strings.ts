import { type Elements, elementsOf, textRuns } from './xml-scan.ts';
import { type Archive, type ZipEntry, openZipEntry } from './zip-reader.ts';

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
    const need = this.used + text.length * 3;
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
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

/** The shared strings read so far, and the means to read on as far as an index. */
export class SharedStringsReader {
  readonly strings = new SharedStrings();
  private source: AsyncGenerator<Elements> | null = null;

  private constructor() {}

  static async open(archive: Archive, entry: ZipEntry | undefined): Promise<SharedStringsReader> {
    const reader = new SharedStringsReader();
    if (entry) reader.source = elementsOf(await openZipEntry(archive, entry), 'si');
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
