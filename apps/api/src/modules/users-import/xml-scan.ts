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

/** The text of every `<t>` inside `xml` (rich-text runs joined), leaving out phonetic hints (`<rPh>`). */
export function textRuns(xml: string): string {
  let text = '';
  let at = 0;
  for (;;) {
    const open = xml.indexOf('<t', at);
    if (open < 0) break;
    const after = xml.charCodeAt(open + 2);
    const tagEnd = xml.indexOf('>', open);
    if (tagEnd < 0) break;
    // `<t>` or `<t xml:space="preserve">`, not `<tabs>`; `<t/>` is empty.
    if (after !== 62 && after !== 32 && after !== 47) {
      at = tagEnd + 1;
      continue;
    }
    const phonetic = xml.lastIndexOf('<rPh', open);
    if (phonetic >= 0 && phonetic > xml.lastIndexOf('</rPh>', open)) {
      at = xml.indexOf('</rPh>', open) + 6;
      if (at < 6) break;
      continue;
    }
    if (xml.charCodeAt(tagEnd - 1) === 47) {
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

/** The complete `<name …>…</name>` (or `<name …/>`) elements of a streamed XML entry, a chunk's worth at a time. */
export async function* elementsOf(stream: Readable, name: string): AsyncGenerator<Elements> {
  const decoder = new TextDecoder('utf-8');
  const open = `<${name}`;
  const close = `</${name}>`;
  let pending = '';
  const scan = (final: boolean): Elements => {
    const text = pending;
    const spans: number[] = [];
    let at = 0;
    for (;;) {
      const start = text.indexOf(open, at);
      if (start < 0) {
        at = Math.max(at, text.length - open.length);
        break;
      }
      const next = text.charCodeAt(start + open.length);
      const tagEnd = text.indexOf('>', start);
      if (Number.isNaN(next) || tagEnd < 0) {
        at = start;
        break;
      }
      // `<row` must not match `<rowBreaks`.
      if (next !== 32 && next !== 62 && next !== 47) {
        at = start + open.length;
        continue;
      }
      if (text.charCodeAt(tagEnd - 1) === 47) {
        spans.push(start, tagEnd + 1);
        at = tagEnd + 1;
        continue;
      }
      const end = text.indexOf(close, tagEnd);
      if (end < 0) {
        at = start;
        break;
      }
      spans.push(start, end + close.length);
      at = end + close.length;
    }
    pending = final ? '' : text.slice(at);
    return { text, spans };
  };
  try {
    for await (const chunk of stream) {
      pending += decoder.decode(chunk as Buffer, { stream: true });
      yield scan(false);
    }
    pending += decoder.decode();
    yield scan(true);
  } finally {
    stream.destroy();
  }
}
