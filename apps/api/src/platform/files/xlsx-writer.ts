import { PassThrough } from 'node:stream';
import { type Cell, type SheetWriter, neutraliseFormula } from './spreadsheet-cells.ts';
import { ZipWriter } from './zip-writer.ts';

// XLSX written by hand as a streamed ZIP: the package's fixed parts stored, the one worksheet
// deflated (level 1) as its rows come. Text is inline (`t="str"`), no shared strings and no styles
// beyond the default, so nothing has to be held until the end. exceljs, Excel and LibreOffice read it.

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SHEET_PATH = 'xl/worksheets/sheet1.xml';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/${SHEET_PATH}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">\
<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

/** The one cell format every cell uses (Excel's "Normal"): Calibri 11. */
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">\
<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const XML_ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&apos;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: characters XML 1.0 forbids are dropped.
const XML_SPECIAL = /["&'<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;
const XML_SPECIALS = new RegExp(XML_SPECIAL.source, 'g');
/** Text as XML character data; most cells have nothing to escape and skip the replace. */
const xmlText = (value: string) =>
  XML_SPECIAL.test(value) ? value.replace(XML_SPECIALS, (char) => XML_ESCAPES[char] ?? '') : value;

function workbookXml(sheetName: string): string {
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>\
<sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** The sheet's start: the header row frozen, column widths from the titles alone (the data is not known yet). */
function sheetStart(header: readonly string[]): string {
  const cols = header
    .map(
      (title, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${Math.min(40, Math.max(12, title.length + 4))}" customWidth="1"/>`,
    )
    .join('');
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">\
<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>\
<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
}

const SHEET_END = '</sheetData></worksheet>';

/** `A`, `B`, … `Z`, `AA`, … for a 0-based column index. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A row's XML: cells with their references (exceljs needs them), empty cells left out, text inline as `t="str"`. */
function rowXml(row: readonly Cell[], rowNumber: number, columns: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let index = 0; index < row.length; index++) {
    const value = row[index];
    if (value === null || value === undefined || value === '') continue;
    const ref = (columns[index] ?? columnName(index)) + rowNumber;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) xml += `<c r="${ref}"><v>${value}</v></c>`;
    } else {
      xml += `<c r="${ref}" t="str"><v>${xmlText(neutraliseFormula(value))}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

/** Sheet XML allowed to wait in front of the compressor: about two batches, so that it deflates one while the next is built. */
const BACKLOG_BYTES = 4 << 20;

/** A one-sheet XLSX: the package parts and the header row go out at once, then each batch's rows. */
export function xlsxWriter(sheetName: string, header: readonly string[]): SheetWriter {
  const body = new PassThrough();
  const zip = new ZipWriter(body);
  zip.addFile('[Content_Types].xml', CONTENT_TYPES);
  zip.addFile('_rels/.rels', ROOT_RELS);
  zip.addFile('xl/workbook.xml', workbookXml(sheetName));
  zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  zip.addFile('xl/styles.xml', STYLES);
  const sheet = zip.openDeflated(SHEET_PATH, { backlogBytes: BACKLOG_BYTES });
  const columns = header.map((_, index) => columnName(index));
  let rowNumber = 1;
  const started = sheet.write(Buffer.from(sheetStart(header) + rowXml(header, 1, columns)));
  return {
    body,
    async write(rows, signal) {
      await started;
      let chunk = '';
      for (const row of rows) chunk += rowXml(row, ++rowNumber, columns);
      await sheet.write(Buffer.from(chunk), signal);
    },
    async end(signal) {
      await sheet.write(Buffer.from(SHEET_END), signal);
      await sheet.end(signal);
      zip.finish();
    },
  };
}
