// The certificate's fonts for Chinese, Japanese and Korean text (decisions 085, 089): Noto Sans CJK (SIL OFL
// 1.1) from the npm packages @embedpdf/fonts-sc (Han in Chinese shapes, kana, Cyrillic, Greek),
// @embedpdf/fonts-jp (kana and the kanji of Japanese, in Japanese shapes) and @embedpdf/fonts-kr (Hangul),
// embedded as a subset of the glyphs a certificate draws. Only text with a CJK character uses them: a Latin
// certificate embeds no font and stays small.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

export type CjkFace = 'sc' | 'jp' | 'kr';
export type CjkWeight = 'regular' | 'bold';

const FILES: Record<CjkFace, { pkg: string; regular: string; bold: string }> = {
  sc: { pkg: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  jp: { pkg: '@embedpdf/fonts-jp', regular: 'NotoSansJP-Regular.otf', bold: 'NotoSansJP-Bold.otf' },
  kr: { pkg: '@embedpdf/fonts-kr', regular: 'NotoSansKR-Regular.otf', bold: 'NotoSansKR-Bold.otf' },
};

/** Han, kana, Hangul, CJK symbols and punctuation, full-width forms: what the standard fonts cannot draw. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Whether a certificate's Han-only texts are Japanese (decision 089): one of its texts (learner, course,
 * company) has kana, or its company keeps Japan's time zone. Han alone cannot tell 山田 太郎 from Chinese.
 */
export function isJapaneseContext(texts: string[], timeZone: string | null | undefined): boolean {
  return timeZone === 'Asia/Tokyo' || texts.some((text) => KANA.test(text));
}

/**
 * The CJK face to draw `text` in (with the `weight` it is drawn in), or null when it has no CJK character
 * (the standard fonts draw it): Korean with Hangul; Japanese with kana, or in a Japanese context; else
 * Chinese. A Japanese text with a letter the Japanese face lacks and the Chinese one has (a simplified
 * hanzi) is drawn in the Chinese face rather than with a `?`.
 */
export function cjkFaceFor(text: string, japanese = false, weight: CjkWeight = 'regular'): CjkFace | null {
  if (!CJK.test(text)) return null;
  if (HANGUL.test(text)) return 'kr';
  if (!japanese && !KANA.test(text)) return 'sc';
  return covers('jp', weight, text) || !covers('sc', weight, text) ? 'jp' : 'sc';
}

const SPACE = /\s/u;
/** Whether the face has a glyph for every letter of `text` (spaces aside). */
function covers(face: CjkFace, weight: CjkWeight, text: string): boolean {
  const font = pdfFontkit.create(cjkFontBytes(face, weight)) as unknown as FontkitFont;
  for (const letter of text) {
    if (!SPACE.test(letter) && !font.hasGlyphForCodePoint(letter.codePointAt(0)!)) return false;
  }
  return true;
}

const bytesCache = new Map<string, Uint8Array>();
/** The font file's bytes, read once per process (8 MB for the Chinese face, 4.5 MB for the Japanese and the Korean). */
export function cjkFontBytes(face: CjkFace, weight: CjkWeight): Uint8Array {
  const key = `${face}-${weight}`;
  let bytes = bytesCache.get(key);
  if (!bytes) {
    const file = FILES[face];
    const entry = createRequire(import.meta.url).resolve(file.pkg);
    bytes = new Uint8Array(readFileSync(join(dirname(entry), '..', 'fonts', file[weight])));
    bytesCache.set(key, bytes);
  }
  return bytes;
}

type FontkitFont = Fontkit.Font & { createSubset(): { encode(): Uint8Array } };

/**
 * fontkit, loaded by the first certificate with CJK text: it costs 17 MiB and 70 ms in every process and
 * worker thread that loads it, and most never draw a CJK glyph. pdf-lib calls `create` synchronously,
 * hence `require` rather than `import()`.
 */
let fontkitModule: typeof Fontkit | undefined;
const loadFontkit = (): typeof Fontkit => {
  fontkitModule ??= createRequire(import.meta.url)('fontkit') as typeof Fontkit;
  return fontkitModule;
};
const parsed = new WeakMap<Uint8Array, FontkitFont>();

/**
 * fontkit 2 in the shape pdf-lib's `registerFontkit` expects. pdf-lib's own fork (@pdf-lib/fontkit, fontkit 1)
 * writes a broken subset of a CID-keyed CFF font such as Noto Sans CJK (readers draw nothing); fontkit 2
 * subsets it right but encodes with `encode()` where pdf-lib calls `encodeStream()`. A parsed font is kept
 * per file, so only the first certificate with CJK text pays for reading it.
 */
export const pdfFontkit: Parameters<PDFDocument['registerFontkit']>[0] = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) {
      const parsedFont = loadFontkit().create(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ) as FontkitFont;
      const createSubset = parsedFont.createSubset.bind(parsedFont);
      parsedFont.createSubset = () => {
        const subset = createSubset();
        return Object.assign(subset, { encodeStream: () => encodeStream(() => subset.encode()) });
      };
      font = parsedFont;
      parsed.set(bytes, font);
    }
    return font as never;
  },
};

/** The event-emitter pdf-lib reads a subset from: one `data` with the whole file, then `end` (or `error`). */
function encodeStream(encode: () => Uint8Array) {
  const handlers: Record<string, (value?: unknown) => void> = {};
  const stream = {
    on(event: string, handler: (value?: unknown) => void) {
      handlers[event] = handler;
      return stream;
    },
  };
  queueMicrotask(() => {
    try {
      const bytes = encode();
      handlers.data?.(bytes);
      handlers.end?.();
    } catch (error) {
      handlers.error?.(error);
    }
  });
  return stream;
}
