import { Readable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { readXlsx } from '../src/platform/files/xlsx-reader.ts';
import { CSV_LINE_CODES, finishCsvLines } from '../src/platform/files/csv-lines.ts';
import { type Cell, type SpreadsheetFormat, sendSpreadsheet } from '../src/platform/files/spreadsheet.ts';

// What the hand-written CSV and XLSX writers put in each cell: quoting, formula neutralising, XML
// escaping, numbers and empty cells, read back by a CSV parser, exceljs and the users import's reader.

const HEADER = ['ID', 'Name', 'Note', '=Title'];
const ROWS: Cell[][] = [
  [1, 'plain', 'a,b', 'x'],
  [2, 'O"Brien, Jr.', 'line one\nline two', 'cr\r\nlf'],
  [3, '=HYPERLINK("x")', '+44 20', '-2'],
  [4, '@SUM(A1)', '\tTab', '\uFF1D1'],
  [5, null, '', 'after two empty cells'],
  [-6.5, 'xml <&> \'"', 'ctrl \u0001\u0008 dropped', 'é ü \u{1F600}'],
  [7, ' spaced ', undefined, 'a=b'],
];
/** What any reader should see: text neutralised, empty cells as '', numbers as written. */
const EXPECTED = [
  ['ID', 'Name', 'Note', "'=Title"],
  ['1', 'plain', 'a,b', 'x'],
  ['2', 'O"Brien, Jr.', 'line one\nline two', 'cr\r\nlf'],
  ['3', '\'=HYPERLINK("x")', "'+44 20", "'-2"],
  ['4', "'@SUM(A1)", "'\tTab", "'\uFF1D1"],
  ['5', '', '', 'after two empty cells'],
  ['-6.5', 'xml <&> \'"', 'ctrl  dropped', 'é ü \u{1F600}'],
  ['7', ' spaced ', '', 'a=b'],
];
/** CSV keeps what XML cannot hold. */
const EXPECTED_CSV = EXPECTED.map((row) =>
  row.map((cell) => (cell === 'ctrl  dropped' ? 'ctrl \u0001\u0008 dropped' : cell)),
);

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

async function download(format: SpreadsheetFormat, batches: Cell[][][]): Promise<Buffer> {
  app = Fastify({ logger: false });
  app.get('/sheet', async (_req, reply) =>
    sendSpreadsheet(reply, {
      format,
      filename: 'cells',
      sheetName: 'Rows & <more>',
      header: HEADER,
      rows: Readable.from(batches),
    }),
  );
  const response = await app.inject({ method: 'GET', url: '/sheet' });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function exceljsRows(file: Buffer): Promise<{ rows: string[][]; workbook: ExcelJS.Workbook }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push(Array.from({ length: HEADER.length }, (_, i) => (row.getCell(i + 1).value ?? '').toString())),
  );
  return { rows, workbook };
}

describe('spreadsheet cells', () => {
  it('writes CSV that a parser reads back cell for cell, formulas neutralised', async () => {
    const file = await download('csv', [ROWS.slice(0, 3), ROWS.slice(3)]);
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parse(file, { bom: true, relax_column_count: false })).toEqual(EXPECTED_CSV);
    expect(file.toString('utf8')).toContain('\r\n3,"\'=HYPERLINK(""x"")",\'+44 20,\'-2\r\n');
  });

  it('writes an XLSX that exceljs reads back with the same cells, numbers as numbers', async () => {
    const file = await download('xlsx', [ROWS.slice(0, 3), [], ROWS.slice(3)]);
    const { rows, workbook } = await exceljsRows(file);
    expect(rows).toEqual(EXPECTED);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Rows & <more>');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A7').value).toBe(-6.5);
    expect(sheet.getCell('B6').value).toBeNull();
    expect(sheet.getColumn(4).width).toBe(12);
  });

  it("writes an XLSX that the users import's own reader reads the same way", async () => {
    const file = await download('xlsx', [ROWS]);
    const rows: string[][] = [];
    for await (const batch of readXlsx(
      { size: file.length, read: async (start) => Readable.from([file.subarray(start)]) },
      100,
    )) {
      for (const row of batch) rows.push(Array.from({ length: HEADER.length }, (_, i) => row.cells[i] ?? ''));
    }
    expect(rows).toEqual(EXPECTED);
  });

  it('writes a well-formed ZIP: sizes and CRCs in the central directory match the data', async () => {
    const file = await download('xlsx', [ROWS, ROWS]);
    const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const count = file.readUInt16LE(end + 10);
    let at = file.readUInt32LE(end + 16);
    const names: string[] = [];
    for (let n = 0; n < count; n++) {
      expect(file.readUInt32LE(at)).toBe(0x02014b50);
      const method = file.readUInt16LE(at + 10);
      const crc = file.readUInt32LE(at + 16);
      const compressed = file.readUInt32LE(at + 20);
      const size = file.readUInt32LE(at + 24);
      const nameLength = file.readUInt16LE(at + 28);
      const local = file.readUInt32LE(at + 42);
      names.push(file.toString('utf8', at + 46, at + 46 + nameLength));
      const dataStart = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
      const raw = file.subarray(dataStart, dataStart + compressed);
      const data = method === 8 ? inflateRawSync(raw) : raw;
      expect(data.length).toBe(size);
      expect(crc32(data)).toBe(crc);
      at += 46 + nameLength;
    }
    expect(names).toContain('xl/worksheets/sheet1.xml');
    expect(names).toContain('[Content_Types].xml');
  });
});

/** Rows as a query writes them for `finishCsvLines`: number cells marked, NULL as empty, control separators. */
function linesOf(rows: Cell[][]): { text: string; numbers: number } {
  const [cell, end, start, number] = [CSV_LINE_CODES.cell, ...CSV_LINE_CODES.rowEnd, CSV_LINE_CODES.number].map(
    (code) => String.fromCharCode(code),
  );
  let numbers = 0;
  const text = rows
    .map((row) =>
      row
        .map((value) => {
          if (typeof value !== 'number') return value ?? '';
          numbers++;
          return `${number}${value}`;
        })
        .join(cell),
    )
    .map((line) => `${line}${end}${start}`)
    .join('');
  return { text, numbers };
}

describe('finishCsvLines', () => {
  it('writes the bytes the CSV writer writes for the same cells', async () => {
    const file = await download('csv', [ROWS]);
    const { text, numbers } = linesOf(ROWS);
    const bytes = finishCsvLines(text, { rows: ROWS.length, columns: HEADER.length, numbers });
    expect(bytes?.toString('utf8')).toBe(file.toString('utf8').split('\r\n').slice(1).join('\r\n'));
    // A cell starting the batch is neutralised too, and a marked number that is no number is text.
    const first = linesOf([['=1', 2]]);
    expect(finishCsvLines(first.text, { rows: 1, columns: 2, numbers: 1 })?.toString()).toBe("'=1,2\r\n");
    const marked = `${String.fromCharCode(CSV_LINE_CODES.number)}-x,y`;
    expect(finishCsvLines(`${marked}\u001e\u001c`, { rows: 1, columns: 1, numbers: 1 })?.toString()).toBe(
      '"\'-x,y"\r\n',
    );
  });

  it('refuses a batch whose text holds one of its separators, or more number marks than the query wrote', () => {
    for (const odd of ['a\u001fb', 'a\u001eb', 'a\u001cb', 'a\u001db', '\u001d1']) {
      const { text } = linesOf([[1, odd]]);
      expect(finishCsvLines(text, { rows: 1, columns: 2, numbers: 1 }), JSON.stringify(odd)).toBeNull();
    }
    const { text, numbers } = linesOf([[1, 'plain']]);
    expect(finishCsvLines(text, { rows: 1, columns: 2, numbers })?.toString()).toBe('1,plain\r\n');
  });
});
