import { z } from 'zod';
import { pageQuery, timestamp } from '../common.ts';
import { userRef } from '../users/users.ts';

/** The user fields a file column can fill. `department` is a path of names (`Sales/EMEA`); `manager` a username or e-mail. */
export const IMPORT_USER_FIELDS = [
  'username',
  'email',
  'first_name',
  'last_name',
  'role',
  'department',
  'manager',
  'phone',
  'hired_at',
  'suspended',
] as const;
export type ImportUserField = (typeof IMPORT_USER_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportUserField, string> = {
  username: 'Username',
  email: 'E-mail',
  first_name: 'First name',
  last_name: 'Last name',
  role: 'Role',
  department: 'Department',
  manager: 'Manager',
  phone: 'Phone',
  hired_at: 'Hired',
  suspended: 'Deactivated',
};

/** A column mapped to a custom field names it `cf.<key>`. */
export const IMPORT_CUSTOM_FIELD_PREFIX = 'cf.';

/** Largest file an import accepts: a million rows of a dozen columns fit. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
/** What the upload's file picker offers. */
export const IMPORT_FILE_ACCEPT = ['.csv', '.txt', '.tsv', '.xlsx'] as const;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * - uploaded: the file is in; mapping and options may change
 * - validating: a dry run is under way; validated: it finished (its errors are listed)
 * - queued / running: the import itself; completed: done (rows may still have failed)
 * - failed: the dry run or the import stopped on an error; running it again resumes without duplicates
 */
export const IMPORT_STATUSES = [
  'uploaded',
  'validating',
  'validated',
  'queued',
  'running',
  'completed',
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The options of an import; every switch is off by default. */
export const importOptions = z.object({
  match_by: z.enum(['email', 'username']).describe('How a row finds an existing user of the company'),
  update_existing: z.boolean().describe('Update users the file matches (off: they are skipped)'),
  blank_clears: z.boolean().describe('A blank cell clears the value (off: a blank cell keeps the existing value)'),
  deactivate_missing: z.boolean().describe('Deactivate active users of your scope that no row of the file names'),
  default_department_id: z.number().int().positive().max(2_147_483_647).nullable(),
  create_departments: z.boolean().describe('Create departments a row names by path when they do not exist'),
  send_welcome: z.boolean().describe('Queue a welcome e-mail to each created user with an e-mail address'),
  run_assignment_rules: z
    .boolean()
    .describe("Runs the company's active assignment rules for each created or updated user"),
});
export type ImportOptions = z.infer<typeof importOptions>;

export const DEFAULT_IMPORT_OPTIONS: ImportOptions = {
  match_by: 'email',
  update_existing: false,
  blank_clears: false,
  deactivate_missing: false,
  default_department_id: null,
  create_departments: false,
  send_welcome: false,
  run_assignment_rules: false,
};

/** One target per file column: a user field, `cf.<key>`, or null to ignore the column. */
export const importMapping = z.array(z.string().max(80).nullable()).max(500);
export type ImportMapping = z.infer<typeof importMapping>;

export const importCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

const importDryRun = z.object({
  rows: z.number().int(),
  counts: importCounts.describe('What the import would do'),
  error_rows: z.number().int(),
  finished_at: timestamp.nullable(),
});

/** One import, as the history lists it. */
export const userImportSummary = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  total_rows: z.number().int().nullable().describe('Rows below the header; an estimate until a run has read them all'),
  processed_rows: z.number().int(),
  counts: importCounts,
  error_rows: z.number().int().describe('Rows of the import that failed (see the error report)'),
  created_by: userRef.nullable(),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
});
export type UserImportSummary = z.infer<typeof userImportSummary>;

/** One import with what the stepper needs: the file's columns, a sample, the mapping and options, progress. */
export const userImport = userImportSummary.extend({
  file_size: z.number().int(),
  delimiter: z.string().nullable().describe('CSV only: the detected delimiter'),
  encoding: z.string().nullable().describe('CSV only: utf-8 or windows-1252'),
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())).describe('The first rows below the header'),
  mapping: importMapping,
  options: importOptions,
  dry_run: importDryRun.nullable(),
  /** Things the summary must say, e.g. that the assignment-rules option had nothing to run. */
  notes: z.array(z.string()),
  last_error: z.string().nullable(),
  job_id: z
    .number()
    .int()
    .nullable()
    .describe('The job doing the dry run or the run, while there is one: POST /jobs/{id}/cancel stops it'),
});
export type UserImport = z.infer<typeof userImport>;

export const updateUserImportBody = z.object({
  mapping: importMapping.optional(),
  options: importOptions.partial().optional(),
});
export type UpdateUserImportBody = z.infer<typeof updateUserImportBody>;

export const listUserImportsQuery = z.object({ ...pageQuery });

export const IMPORT_ERROR_KINDS = ['dry_run', 'import'] as const;
export type ImportErrorKind = (typeof IMPORT_ERROR_KINDS)[number];
const errorKind = z
  .enum(IMPORT_ERROR_KINDS)
  .optional()
  .describe('dry_run or import; defaults to the import once it has started, else the dry run');

/** One problem of one row: its spreadsheet row number (the header is row 1), the file column and the message. */
export const importRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
  value: z.string().nullable(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const listImportErrorsQuery = z.object({ ...pageQuery, kind: errorKind });
export const exportImportErrorsQuery = z.object({ kind: errorKind });

/** Why assignment rules did not run, shown in the summary when the option was chosen. */
export const IMPORT_NOTES = {
  assignmentRulesPending:
    "The company's active assignment rules ran for each created or updated user (their runs are listed under Assignment Rules).",
  welcomeQueued:
    'A welcome message (user_registration) was queued for each created user, as the notification schedule sends it.',
} as const;
