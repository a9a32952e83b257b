import type { Readable } from 'node:stream';

// Just enough XML for worksheets and shared strings, by indexOf: the elements of one name, their
// text runs and entities. Never a tree: a sheet of a million rows passes in flat memory.

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** OOXML writes characters XML cannot hold as `_xHHHH_`. */
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

export function decodeXmlText(text: string): string {
  let out = text;
  if (out.includes('&')) {
    out = out.replace(ENTITY, (_, name: string) => {
      if (name[0] !== '#') return ENTITIES[name] ?? '';
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    });
  }
  if (out.includes('_x'))
    out = out.replace(OOXML_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return out;
}

/**
 * The text of every `<t>` inside `xml` (rich-text runs joined), leaving out phonetic hints (`<rPh>`).
 * Every search moves forward (the next `<rPh` is remembered, not searched back for at each run), so a
 * string of a hundred thousand runs costs its length, not its length squared.
 */
export function textRuns(xml: string): string {
  let text = '';
  let at = 0;
  let phonetic = -2;
  for (;;) {
    const open = xml.indexOf('<t', at);
    if (open < 0) break;
    if (phonetic !== -1 && phonetic < at) phonetic = xml.indexOf('<rPh', at);
    if (phonetic >= 0 && phonetic < open) {
      const phoneticEnd = xml.indexOf('</rPh>', phonetic);
      if (phoneticEnd < 0) break;
      at = phoneticEnd + 6;
      continue;
    }
    const after = xml.charCodeAt(open + 2);
    const tagEnd = xml.indexOf('>', open);
    if (tagEnd < 0) break;
    // `<t>` or `<t xml:space="preserve">`, not `<tabs>`; `<t/>` is empty.
    if ((after !== 62 && after !== 32 && after !== 47) || xml.charCodeAt(tagEnd - 1) === 47) {
      at = tagEnd + 1;
      continue;
    }
    const close = xml.indexOf('</t>', tagEnd);
    if (close < 0) break;
    text += xml.slice(tagEnd + 1, close);
    at = close + 4;
  }
  return decodeXmlText(text);
}

/** Elements found in one piece of text: `[start, end)` offsets, two numbers per element. */
export interface Elements {
  text: string;
  spans: number[];
}

export interface ElementScanOptions {
  /** The longest element read, in characters; past it the scan fails with `tooLong`'s error. */
  maxChars?: number;
  /** The error for an element past `maxChars`: its 1-based place among the elements, and its first characters. */
  tooLong?: (index: number, head: string) => Error;
  /** Checked between chunks: a cancelled job stops reading. */
  signal?: AbortSignal;
  /** Characters searched so far, counted for tests that hold the scan to linear work. */
  stats?: { examined: number };
}

const NO_LIMIT = Number.POSITIVE_INFINITY;
const defaultTooLong = (index: number) => new Error(`Element ${index} is too long.`);

/**
 * Finds the complete `<name …>…</name>` (or `<name …/>`) elements of XML that arrives in chunks. An
 * element still open at the end of a chunk is carried, and only each new chunk (plus the few characters
 * a tag could straddle) is searched for its end: the work stays linear in the input however long the
 * element, and the element's length is checked against `maxChars` as it grows.
 */
export class ElementScanner {
  private readonly open: string;
  private readonly close: string;
  private readonly maxChars: number;
  private pending = '';
  /** An element open at the start of `pending`: whether its start tag's `>` was found, and the last characters searched. */
  private carry: { tagClosed: boolean; tail: string } | null = null;
  private found = 0;

  constructor(
    name: string,
    private readonly options: ElementScanOptions = {},
  ) {
    this.open = `<${name}`;
    this.close = `</${name}>`;
    this.maxChars = options.maxChars ?? NO_LIMIT;
  }

  /** Adds a chunk of text; answers the elements it completes (`final`: the text has ended). */
  push(chunk: string, final: boolean): Elements {
    this.pending += chunk;
    if (this.carry && !final && !this.completes(chunk)) {
      this.checkLength(this.pending.length);
      return { text: '', spans: [] };
    }
    this.carry = null;
    return this.scan(final);
  }

  private count(chars: number): void {
    if (this.options.stats) this.options.stats.examined += chars;
  }

  private checkLength(length: number): void {
    if (length <= this.maxChars) return;
    // The element's head only: `pending` may be a long rope, and a slice of it stays cheap.
    throw (this.options.tooLong ?? defaultTooLong)(this.found + 1, this.pending.slice(0, 200));
  }

  /** Whether the carried element ends in `chunk` (searched with the carried tail, never the whole element). */
  private completes(chunk: string): boolean {
    const carry = this.carry!;
    const window = carry.tail + chunk;
    this.count(window.length);
    let from = 0;
    if (!carry.tagClosed) {
      const tagEnd = window.indexOf('>');
      if (tagEnd >= 0) {
        if (tagEnd > 0 && window.charCodeAt(tagEnd - 1) === 47) return true;
        carry.tagClosed = true;
        from = tagEnd + 1;
      }
    }
    if (carry.tagClosed && window.indexOf(this.close, from) >= 0) return true;
    carry.tail = window.slice(-(this.close.length - 1));
    return false;
  }

  private scan(final: boolean): Elements {
    const text = this.pending;
    const spans: number[] = [];
    let at = 0;
    let open = false;
    for (;;) {
      const start = text.indexOf(this.open, at);
      if (start < 0) {
        this.count(text.length - at);
        at = Math.max(at, text.length - this.open.length);
        break;
      }
      const next = text.charCodeAt(start + this.open.length);
      if (Number.isNaN(next)) {
        at = start;
        break;
      }
      // `<row` must not match `<rowBreaks`.
      if (next !== 32 && next !== 62 && next !== 47) {
        at = start + this.open.length;
        continue;
      }
      const end = this.elementEnd(text, start);
      at = start;
      if (end < 0) {
        open = true;
        break;
      }
      this.checkLength(end - start);
      this.found++;
      spans.push(start, end);
      at = end;
    }
    this.pending = final ? '' : text.slice(at);
    if (open && !final) {
      // An element begun and not ended: carry it, and from now on search only what arrives.
      this.checkLength(this.pending.length);
      this.carry = {
        tagClosed: this.pending.indexOf('>') >= 0,
        tail: this.pending.slice(-(this.close.length - 1)),
      };
    }
    return { text, spans };
  }

  /** The end of the element starting at `start` (after its `/>` or close tag), or -1 when it has not ended yet. */
  private elementEnd(text: string, start: number): number {
    const tagEnd = text.indexOf('>', start);
    if (tagEnd < 0) {
      this.count(text.length - start);
      return -1;
    }
    if (text.charCodeAt(tagEnd - 1) === 47) {
      this.count(tagEnd + 1 - start);
      return tagEnd + 1;
    }
    const end = text.indexOf(this.close, tagEnd);
    this.count((end < 0 ? text.length : end + this.close.length) - start);
    return end < 0 ? -1 : end + this.close.length;
  }
}

/** The complete `<name …>…</name>` (or `<name …/>`) elements of a streamed XML entry, a chunk's worth at a time. */
export async function* elementsOf(
  stream: Readable,
  name: string,
  options: ElementScanOptions = {},
): AsyncGenerator<Elements> {
  const decoder = new TextDecoder('utf-8');
  const scanner = new ElementScanner(name, options);
  try {
    for await (const chunk of stream) {
      options.signal?.throwIfAborted();
      yield scanner.push(decoder.decode(chunk as Buffer, { stream: true }), false);
    }
    yield scanner.push(decoder.decode(), true);
  } finally {
    stream.destroy();
  }
}
