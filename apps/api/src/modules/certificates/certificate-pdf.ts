import {
  type PDFDocument as Doc,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type RGB,
  StandardFonts,
  rgb,
  setCharacterSpacing,
} from 'pdf-lib';
import { type CjkFace, type CjkWeight, cjkFaceFor, cjkFontBytes, isJapaneseContext, pdfFontkit } from './cjk-fonts.ts';
import { drawable } from './pdf-text.ts';

/** What a certificate prints: the stored certificate, its company and where it can be verified. */
export interface CertificateContent {
  number: string;
  learnerName: string;
  courseName: string;
  companyName: string;
  /** The company's IANA time zone: Asia/Tokyo makes Han-only text Japanese (decision 089). */
  companyTimeZone: string | null;
  completedAt: string;
  score: number | null;
  passingScore: number | null;
  expiresAt: string | null;
  issuedAt: string;
  verifyUrl: string;
}

/** The company's images, as stored (PNG or JPEG; any other type is left out). */
export interface CertificateImages {
  logo: { bytes: Uint8Array; mime: string } | null;
  background: { bytes: Uint8Array; mime: string } | null;
}

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 };
const INK = rgb(0.12, 0.14, 0.18);
const MUTED = rgb(0.38, 0.41, 0.47);
const ACCENT = rgb(0.09, 0.3, 0.45);

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "2 March 2026": the day in UTC, as every timestamp is stored. */
export const certificateDate = (value: string) => dateFormat.format(new Date(value));

interface Fonts {
  title: PDFFont;
  name: PDFFont;
  bold: PDFFont;
  regular: PDFFont;
}

/** The weight of each standard font, for the CJK face that stands in for it. */
const weights = new WeakMap<PDFFont, CjkWeight>();
/** What a document embedded for its CJK texts: the faces by face and weight, and whether its Han is Japanese. */
interface CjkFonts {
  embedded: Map<string, PDFFont>;
  japanese: boolean;
}
const cjkFonts = new WeakMap<PDFFont, CjkFonts>();

/**
 * The font to draw `text` with where the design says `font`: the CJK face of the same weight when the
 * text has Chinese, Japanese or Korean letters (embedded beforehand by `embedCjk`), else `font` itself.
 */
function fontFor(text: string, font: PDFFont): PDFFont {
  const cjk = cjkFonts.get(font);
  if (!cjk) return font;
  const weight = weights.get(font) ?? 'regular';
  const face = cjkFaceFor(text, cjk.japanese, weight);
  if (!face) return font;
  return cjk.embedded.get(`${face}-${weight}`) ?? font;
}

/**
 * Embeds (as subsets: only the glyphs drawn) the CJK faces that the certificate's texts need, each in the
 * weights it is drawn in, and makes them reachable from the standard fonts through `fontFor`. `japanese`:
 * its Han-only texts are Japanese (`isJapaneseContext`).
 */
async function embedCjk(pdf: Doc, fonts: Fonts, texts: { text: string; weight: CjkWeight }[], japanese: boolean) {
  const needed = new Map<string, { face: CjkFace; weight: CjkWeight }>();
  for (const { text, weight } of texts) {
    const face = cjkFaceFor(text, japanese, weight);
    if (face) needed.set(`${face}-${weight}`, { face, weight });
  }
  if (needed.size === 0) return;
  pdf.registerFontkit(pdfFontkit);
  const embedded = new Map<string, PDFFont>();
  for (const [key, { face, weight }] of needed) {
    embedded.set(key, await pdf.embedFont(cjkFontBytes(face, weight), { subset: true }));
  }
  for (const font of Object.values(fonts)) cjkFonts.set(font, { embedded, japanese });
}

/**
 * The certificate as a one-page PDF: the company's background image covering the page (or a quiet
 * double border), its logo (or its name) at the top, the learner's name large, the course, the date,
 * score and pass mark, the expiry when the course recertifies, and the number with the address that
 * verifies it. The metadata (title, subject, keywords) carries the exact names, whatever the font can draw.
 */
export async function renderCertificatePdf(
  content: CertificateContent,
  images: CertificateImages,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const fonts: Fonts = {
    title: await pdf.embedFont(StandardFonts.HelveticaBold),
    name: await pdf.embedFont(StandardFonts.TimesRomanBold),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    regular: await pdf.embedFont(StandardFonts.Helvetica),
  };
  const background = await embedImage(pdf, images.background);
  const logo = await embedImage(pdf, images.logo);
  weights.set(fonts.title, 'bold').set(fonts.name, 'bold').set(fonts.bold, 'bold').set(fonts.regular, 'regular');
  const japanese = isJapaneseContext(
    [content.learnerName, content.courseName, content.companyName],
    content.companyTimeZone,
  );
  await embedCjk(
    pdf,
    fonts,
    [
      { text: content.learnerName, weight: 'bold' },
      { text: content.courseName, weight: 'bold' },
      { text: content.companyName, weight: 'regular' },
      ...(logo ? [] : [{ text: content.companyName, weight: 'bold' as const }]),
    ],
    japanese,
  );
  describe(pdf, content);

  if (background) cover(page, background);
  else drawBorder(page);

  const center = PAGE.width / 2;
  if (logo) {
    const size = logo.scaleToFit(220, 70);
    page.drawImage(logo, { x: center - size.width / 2, y: 530 - size.height, ...size });
  } else {
    centered(page, content.companyName, { font: fonts.bold, size: 16, y: 500, color: ACCENT, maxWidth: 600 });
  }

  spaced(page, 'CERTIFICATE OF COMPLETION', { font: fonts.title, size: 15, y: 430, color: ACCENT, spacing: 3 });
  centered(page, 'This is to certify that', { font: fonts.regular, size: 13, y: 392, color: MUTED });
  centered(page, content.learnerName, { font: fonts.name, size: 40, minSize: 20, y: 340, color: INK, maxWidth: 700 });
  page.drawLine({
    start: { x: center - 210, y: 326 },
    end: { x: center + 210, y: 326 },
    thickness: 0.75,
    color: ACCENT,
  });
  centered(page, 'has successfully completed', { font: fonts.regular, size: 13, y: 296, color: MUTED });
  const courseFont = fontFor(content.courseName, fonts.bold);
  const courseLines = wrap(content.courseName, courseFont, 22, 700, 2);
  courseLines.lines.forEach((line, i) => {
    const y = 262 - i * (courseLines.size + 6) + (courseLines.lines.length - 1) * 8;
    centered(page, line, { font: courseFont, size: courseLines.size, y, color: INK });
  });

  const details = [`Completed on ${certificateDate(content.completedAt)}`];
  // The pass mark only beside a score: alone it would read as the learner's result.
  if (content.score !== null) {
    const passMark = content.passingScore !== null ? ` \u00b7 Pass mark ${content.passingScore}%` : '';
    details.push(`Score ${content.score}%${passMark}`);
  }
  if (content.expiresAt !== null) details.push(`Valid until ${certificateDate(content.expiresAt)}`);
  details.forEach((line, i) => {
    centered(page, line, { font: i === 0 ? fonts.bold : fonts.regular, size: 13, y: 206 - i * 20, color: INK });
  });

  drawFooter(page, fonts, content);
  return pdf.save();
}

function describe(pdf: Doc, content: CertificateContent) {
  pdf.setTitle(`Certificate ${content.number}: ${content.courseName}`);
  pdf.setSubject(`${content.learnerName} completed ${content.courseName} on ${certificateDate(content.completedAt)}`);
  pdf.setAuthor(content.companyName);
  pdf.setKeywords([content.number, content.learnerName, content.courseName]);
  pdf.setCreator('Heed');
  pdf.setProducer('Heed');
  pdf.setCreationDate(new Date(content.issuedAt));
  pdf.setModificationDate(new Date(content.issuedAt));
}

function drawFooter(page: PDFPage, fonts: Fonts, content: CertificateContent) {
  const left = 72;
  const right = PAGE.width - 72;
  page.drawText('Certificate number', { x: left, y: 92, size: 9, font: fonts.regular, color: MUTED });
  page.drawText(content.number, { x: left, y: 76, size: 12, font: fonts.bold, color: INK });
  const label = 'Verify this certificate at';
  const url = fit(content.verifyUrl, fonts.regular, 10, 420);
  page.drawText(label, {
    x: right - width(label, fonts.regular, 9),
    y: 92,
    size: 9,
    font: fonts.regular,
    color: MUTED,
  });
  page.drawText(url.text, { x: right - url.width, y: 76, size: 10, font: fonts.regular, color: ACCENT });
  if (content.companyName !== '') {
    centered(page, `Issued by ${content.companyName}`, {
      font: fonts.regular,
      size: 10,
      y: 124,
      color: MUTED,
      maxWidth: 600,
    });
  }
}

function drawBorder(page: PDFPage) {
  const outer = 24;
  const inner = 32;
  page.drawRectangle({
    x: outer,
    y: outer,
    width: PAGE.width - 2 * outer,
    height: PAGE.height - 2 * outer,
    borderColor: ACCENT,
    borderWidth: 2.5,
  });
  page.drawRectangle({
    x: inner,
    y: inner,
    width: PAGE.width - 2 * inner,
    height: PAGE.height - 2 * inner,
    borderColor: ACCENT,
    borderWidth: 0.75,
  });
}

/** The image scaled to cover the whole page, centred (the page box crops what overflows). */
function cover(page: PDFPage, image: PDFImage) {
  const scale = Math.max(PAGE.width / image.width, PAGE.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  page.drawImage(image, { x: (PAGE.width - w) / 2, y: (PAGE.height - h) / 2, width: w, height: h });
}

/** A PNG or JPEG embedded, or null for another type or a file pdf-lib cannot read (the certificate is drawn without it). */
async function embedImage(pdf: Doc, image: CertificateImages['logo']): Promise<PDFImage | null> {
  if (!image) return null;
  try {
    if (image.mime === 'image/png') return await pdf.embedPng(image.bytes);
    if (image.mime === 'image/jpeg') return await pdf.embedJpg(image.bytes);
  } catch {
    return null;
  }
  return null;
}

const charsets = new WeakMap<PDFFont, Set<number>>();
/** `text` as `font` can encode it (see pdf-text.ts). */
function printable(text: string, font: PDFFont): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  const codes = set;
  return drawable(text, (code) => codes.has(code));
}

const width = (text: string, font: PDFFont, size: number) => font.widthOfTextAtSize(text, size);

/** The text cut with an ellipsis to fit `maxWidth`. */
function fit(raw: string, font: PDFFont, size: number, maxWidth: number) {
  let text = printable(raw, font);
  while (text.length > 1 && width(text, font, size) > maxWidth) text = `${text.slice(0, -2)}\u2026`;
  return { text, width: width(text, font, size) };
}

interface CenteredOptions {
  font: PDFFont;
  size: number;
  y: number;
  color: RGB;
  /** Shrinks the size (down to `minSize`, then cuts the text) to keep within this width. */
  maxWidth?: number;
  minSize?: number;
}

function centered(page: PDFPage, raw: string, options: CenteredOptions) {
  const { y, color } = options;
  const font = fontFor(raw, options.font);
  const maxWidth = options.maxWidth ?? PAGE.width - 144;
  let size = options.size;
  const text = printable(raw, font);
  const minSize = options.minSize ?? size;
  while (size > minSize && width(text, font, size) > maxWidth) size -= 1;
  const shown = fit(text, font, size, maxWidth);
  page.drawText(shown.text, { x: (PAGE.width - shown.width) / 2, y, size, font, color });
}

/** Letter-spaced capitals, centred. */
function spaced(page: PDFPage, text: string, options: CenteredOptions & { spacing: number }) {
  const { font, size, y, color, spacing } = options;
  const total = width(text, font, size) + spacing * (text.length - 1);
  page.pushOperators(setCharacterSpacing(spacing));
  page.drawText(text, { x: (PAGE.width - total) / 2, y, size, font, color });
  page.pushOperators(setCharacterSpacing(0));
}

/**
 * Words in at most `maxLines` lines of `maxWidth`, shrinking the size to 14 before cutting the last line.
 * Chinese and Japanese, written without spaces, break between any two letters.
 */
function wrap(raw: string, font: PDFFont, startSize: number, maxWidth: number, maxLines: number) {
  const text = printable(raw, font);
  const tokens = [...text.matchAll(WORDS)].map((m) => ({ gap: m[1] === '' ? '' : ' ', word: m[2]! }));
  let size = startSize;
  for (;;) {
    // Each line, and the gap that stood before its first word (to join lines back when cutting).
    const lines: { text: string; gap: string }[] = [];
    let line: { text: string; gap: string } | null = null;
    for (const { gap, word } of tokens) {
      if (line && width(`${line.text}${gap}${word}`, font, size) > maxWidth) {
        lines.push(line);
        line = null;
      }
      if (line) line.text = `${line.text}${gap}${word}`;
      else line = { text: word, gap };
    }
    if (line) lines.push(line);
    if (lines.length <= maxLines || size <= 14) {
      const kept = lines.slice(0, maxLines).map((l) => l.text);
      if (lines.length > maxLines) {
        kept[maxLines - 1] = lines
          .slice(maxLines - 1)
          .map((l, i) => (i === 0 ? l.text : `${l.gap}${l.text}`))
          .join('');
      }
      return { size, lines: kept.map((l) => fit(l, font, size, maxWidth).text) };
    }
    size -= 1;
  }
}

/** A word with the spaces before it: a run of letters other than Han and kana, or one Han or kana letter. */
const WORDS =
  /(\s*)([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]+)/gu;
