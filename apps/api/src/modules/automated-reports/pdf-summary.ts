import { type PDFFont, type PDFPage, PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Cell } from '../../platform/files/spreadsheet.ts';
import { drawable } from '../certificates/index.ts';

/** Rows a PDF summary prints; the CSV and XLSX formats hold every row. */
export const PDF_MAX_ROWS = 1000;

export interface PdfSummary {
  title: string;
  /** Lines under the title: company, recipient, filters, when. */
  lines: string[];
  header: string[];
  rows: Cell[][];
  /** Rows the report had beyond those printed. */
  more: number;
}

/** A4 portrait, in points. */
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const INK = rgb(0.12, 0.14, 0.18);
const MUTED = rgb(0.38, 0.41, 0.47);
const RULE = rgb(0.85, 0.87, 0.9);

const charsets = new WeakMap<PDFFont, Set<number>>();
function printable(text: string, font: PDFFont): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  const codes = set;
  return drawable(text, (code) => codes.has(code));
}

/** The text cut with an ellipsis to fit `maxWidth`. */
function fit(raw: string, font: PDFFont, size: number, maxWidth: number) {
  let text = printable(raw, font);
  while (text.length > 1 && font.widthOfTextAtSize(text, size) > maxWidth) text = `${text.slice(0, -2)}\u2026`;
  return text;
}

const cellText = (cell: Cell) =>
  cell === null || cell === undefined ? '' : typeof cell === 'number' ? cell.toLocaleString('en-US') : String(cell);

/**
 * A report's table as a PDF: title and context lines, then the table with its header repeated on
 * every page; the first column takes what the numbers leave. Up to PDF_MAX_ROWS rows, with a note
 * saying how many more the CSV or XLSX would hold.
 */
export async function pdfSummary(summary: PdfSummary): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(summary.title);
  doc.setProducer('Heed');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const size = 8.5;
  const lineHeight = 13;
  const usable = PAGE.width - 2 * PAGE.margin;
  const columns = Math.max(1, summary.header.length);
  const rest = columns === 1 ? 0 : Math.min(70, (usable * 0.6) / (columns - 1));
  const widths = summary.header.map((_, i) => (i === 0 ? usable - rest * (columns - 1) : rest));
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const text = (value: string, x: number, at: number, f: PDFFont, s: number, color = INK, maxWidth = usable) =>
    page.drawText(fit(value, f, s, maxWidth), { x, y: at, size: s, font: f, color });
  const row = (cells: Cell[], f: PDFFont) => {
    let x = PAGE.margin;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? rest;
      const value = fit(cellText(cell), f, size, width - 6);
      const numeric = typeof cell === 'number' || i > 0;
      const offset = numeric ? width - 6 - f.widthOfTextAtSize(value, size) : 0;
      page.drawText(value, { x: x + Math.max(0, offset), y, size, font: f, color: INK });
      x += width;
    });
    y -= lineHeight;
  };
  const headerRow = () => {
    row(summary.header, bold);
    page.drawLine({
      start: { x: PAGE.margin, y: y + lineHeight - 3 },
      end: { x: PAGE.width - PAGE.margin, y: y + lineHeight - 3 },
      thickness: 0.6,
      color: RULE,
    });
  };

  text(summary.title, PAGE.margin, y - 6, bold, 16);
  y -= 30;
  for (const line of summary.lines) {
    text(line, PAGE.margin, y, font, 9, MUTED);
    y -= 13;
  }
  y -= 8;
  headerRow();
  for (const cells of summary.rows) {
    if (y < PAGE.margin + lineHeight) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
      headerRow();
    }
    row(cells, font);
  }
  if (summary.rows.length === 0) text('No data for these filters.', PAGE.margin, y, font, size, MUTED);
  if (summary.more > 0)
    text(
      `… and ${summary.more.toLocaleString('en-US')} more rows: choose CSV or XLSX for every row.`,
      PAGE.margin,
      y - 6,
      font,
      size,
      MUTED,
    );
  return doc.save();
}
