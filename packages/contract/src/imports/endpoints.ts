import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { importsEndpointRoutes } from './endpoint-routes.ts';
import {
  exportImportErrorsQuery,
  importRowError,
  listImportErrorsQuery,
  listUserImportsQuery,
  updateUserImportBody,
  userImport,
  userImportSummary,
} from './imports.ts';

/** The summary and schemas of each user import endpoint, joined to its route in `endpoints`. */
export const importsEndpoints = {
  uploadUserImport: {
    summary:
      'Uploads a CSV (any delimiter, UTF-8 or Latin-1) or XLSX file of users (multipart: file); answers its columns, a sample, the row count and an automatic mapping',
    response: single(userImport),
  },
  listUserImports: {
    summary: "Imports of users, newest first (a Department Manager's own; the whole company's for Company Managers)",
    query: listUserImportsQuery,
    response: paged(userImportSummary),
  },
  getUserImport: {
    summary:
      'One import: mapping, options, status, progress (processed_rows of total_rows) and counts; poll it while it runs',
    params: idParam,
    response: single(userImport),
  },
  updateUserImport: {
    summary: "Saves an import's column mapping and options (before it runs); a saved change discards the dry run",
    params: idParam,
    body: updateUserImportBody,
    response: single(userImport),
  },
  dryRunUserImport: {
    summary: 'Checks every row as the import would, changing nothing, as a background job; the errors are listed after',
    params: idParam,
    response: single(userImport),
  },
  runUserImport: {
    summary: 'Runs the import as a background job; on a failed or interrupted import it resumes, skipping applied rows',
    params: idParam,
    response: single(userImport),
  },
  listUserImportErrors: {
    summary: "An import's row errors (row, column, message), of the dry run or of the import, in row order, paged",
    params: idParam,
    query: listImportErrorsQuery,
    response: paged(importRowError),
  },
  exportUserImportErrors: {
    summary: "Downloads an import's row errors as CSV (formula cells neutralised)",
    params: idParam,
    query: exportImportErrorsQuery,
  },
} satisfies { [N in keyof typeof importsEndpointRoutes]: EndpointSchemas };
