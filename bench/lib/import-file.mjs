// The users import file the benches generate, and the HTTP calls that upload and run it.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';

export const HEADER = [
  'Username',
  'E-mail',
  'First name',
  'Last name',
  'Role',
  'Department',
  'Manager',
  'Phone',
  'Hired',
  'Deactivated',
  'Cost Center',
  'Badge Number',
  'Contract End',
];
export const DEPARTMENTS = ['Sales', 'Sales/EMEA', 'Sales/Americas', 'Operations', 'Operations/Plant 1', 'Finance'];

export function row(i) {
  const user = `bench.user${i}`;
  const day = String(1 + (i % 28)).padStart(2, '0');
  return [
    user,
    `${user}@import-bench.test`,
    `First${i % 997}`,
    `Last${i % 1999}`,
    i % 100 === 0 ? 'Reviewer' : 'Student',
    DEPARTMENTS[i % DEPARTMENTS.length],
    i % 40 === 0 || i < 40 ? '' : `bench.user${i - (i % 40)}`,
    `+1 555 ${String(i % 10000).padStart(4, '0')}`,
    `2024-03-${day}`,
    i % 50 === 0 ? 'yes' : 'no',
    `CC-${i % 50}`,
    String(100000 + i),
    `2027-01-${day}`,
  ];
}

const csvCell = (value) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A CSV of `rows` users (see `row`), written in 1 MiB pieces. */
export async function writeCsv(path, rows) {
  const out = createWriteStream(path);
  let buffer = `${HEADER.join(',')}\r\n`;
  for (let i = 1; i <= rows; i++) {
    buffer += `${row(i).map(csvCell).join(',')}\r\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

/** The same users as an XLSX workbook. */
export async function writeXlsx(path, rows) {
  // Shared strings, as Excel writes them (the reader must hold them); the sheet streamed row by row.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow(HEADER).commit();
  for (let i = 1; i <= rows; i++) sheet.addRow(row(i)).commit();
  await sheet.commit();
  await workbook.commit();
}

/** A fresh database: a SQLite file in the temporary folder, or a new PostgreSQL database beside --db's. */
export async function call(url, headers, method, path, body) {
  const response = await fetch(`${url}/api/v3${path}`, { method, headers, body });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text).data;
}

export async function until(url, headers, id, done) {
  for (;;) {
    const current = await call(url, headers, 'GET', `/users/imports/${id}`);
    if (current.status === 'failed') throw new Error(`The import failed: ${current.last_error}`);
    if (done(current)) return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The file as a Blob backed by the disk (Node 20: openAsBlob), so the upload streams it. */
export async function fileBlob(path, format) {
  const { openAsBlob } = await import('node:fs');
  const type = format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return openAsBlob(path, { type });
}

/**
 * Uploads `path` and starts the import; returns its id. Every column must map itself unless
 * `ignoreUnmapped` (a company without the file's custom fields); `options` are saved before the run.
 */
export async function startImport(url, headers, path, format, { options, ignoreUnmapped = false } = {}) {
  const form = new FormData();
  form.set('file', await fileBlob(path, format), `users.${format}`);
  const uploaded = await call(url, headers, 'POST', '/users/imports', form);
  const unmapped = uploaded.headers.filter((_, i) => uploaded.mapping[i] === null);
  if (unmapped.length > 0 && !ignoreUnmapped) {
    throw new Error(`Columns not mapped automatically: ${unmapped.join(', ')}`);
  }
  if (options) {
    const json = { ...headers, 'content-type': 'application/json' };
    await call(url, json, 'PUT', `/users/imports/${uploaded.id}`, JSON.stringify({ options }));
  }
  await call(url, headers, 'POST', `/users/imports/${uploaded.id}/run`);
  return uploaded.id;
}
