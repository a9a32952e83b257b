import {
  IMPORT_CUSTOM_FIELD_PREFIX,
  IMPORT_FIELD_LABELS,
  type ImportFormat,
  type ImportMapping,
  type ImportOptions,
  type ImportUserField,
} from '@heed/contract';
import { type CustomFieldDef, hasNul } from '../users/index.ts';
import { excelDate, parseDeactivated, parseRole } from './cell-values.ts';
import { ROW_MESSAGES } from './import-messages.ts';
import type { RawRow } from '../../platform/files/raw-row.ts';
import { restoreFormulaText } from '../../platform/files/spreadsheet-cells.ts';

/** One problem of a row: the file column it concerns (its header; '' for the whole row), the message, the cell. */
export interface RowError {
  column: string;
  message: string;
  value: string | null;
}

/**
 * A row turned into what the users API would receive, before any database check: `body` holds the
 * user fields the row gives (a blank cell is left out, or null when blanks clear), `custom` the
 * custom field values by key, `department` a path of names and `manager` a username or e-mail.
 */
export interface RowDraft {
  row: number;
  body: Record<string, unknown>;
  custom: Record<string, string | null>;
  department?: string | null;
  manager?: string | null;
  /** Lower-case username and e-mail, for matching and for duplicates within the file. */
  username: string | null;
  email: string | null;
  errors: RowError[];
  /** The raw text of each mapped cell by target, for the error report. */
  cells: Record<string, string>;
}

/** A custom field as the import reads it: the users module's definition plus its label (for error columns). */
export type ImportField = CustomFieldDef & { label: string };

/** What stays the same for every row of an import. */
export interface ImportSetup {
  format: ImportFormat;
  headers: string[];
  options: ImportOptions;
  customFields: ImportField[];
  columns: { index: number; target: string }[];
  /** The header of the column mapped to each target. */
  headerOf: Map<string, string>;
  customByKey: Map<string, ImportField>;
}

const NULLABLE = new Set<string>(['email', 'department', 'manager', 'phone', 'hired_at']);
const USER_FIELDS = new Set<string>(Object.keys(IMPORT_FIELD_LABELS));

export function importSetup(
  format: ImportFormat,
  headers: string[],
  mapping: ImportMapping,
  options: ImportOptions,
  customFields: ImportField[],
): ImportSetup {
  const columns: ImportSetup['columns'] = [];
  const headerOf = new Map<string, string>();
  mapping.forEach((target, index) => {
    if (target === null || index >= headers.length) return;
    columns.push({ index, target });
    headerOf.set(target, headers[index] ?? target);
  });
  return {
    format,
    headers,
    options,
    customFields,
    columns,
    headerOf,
    customByKey: new Map(customFields.map((f) => [f.key, f])),
  };
}

/** The column an error about `field` belongs to: its header when mapped, else the field's label. */
export function columnFor(setup: ImportSetup, field: string): string {
  const target = field.startsWith('custom_fields.')
    ? `${IMPORT_CUSTOM_FIELD_PREFIX}${field.slice('custom_fields.'.length)}`
    : field.replace(/_id$/, '');
  const header = setup.headerOf.get(target);
  if (header !== undefined) return header;
  if (USER_FIELDS.has(target)) return IMPORT_FIELD_LABELS[target as ImportUserField];
  return setup.customByKey.get(target.slice(IMPORT_CUSTOM_FIELD_PREFIX.length))?.label ?? target;
}

function setUserField(draft: RowDraft, setup: ImportSetup, field: ImportUserField, text: string) {
  switch (field) {
    case 'role': {
      const role = parseRole(text);
      if (role === undefined)
        draft.errors.push({ column: setup.headerOf.get(field)!, message: ROW_MESSAGES.role, value: text });
      else draft.body.role = role;
      return;
    }
    case 'suspended': {
      const flag = parseDeactivated(text);
      if (flag === undefined)
        draft.errors.push({ column: setup.headerOf.get(field)!, message: ROW_MESSAGES.flag, value: text });
      else draft.body.suspended = flag;
      return;
    }
    case 'department':
      draft.department = text;
      return;
    case 'manager':
      draft.manager = managerRef(text).toLowerCase();
      return;
    case 'hired_at':
      draft.body.hired_at = setup.format === 'xlsx' ? excelDate(text) : text;
      return;
    default:
      draft.body[field] = text;
  }
}

/** A manager cell names a username or e-mail, alone or in angle brackets after a name (`Ann Lee <alee>`, as exported). */
const managerRef = (text: string) => /<([^<>]+)>\s*$/.exec(text)?.[1]?.trim() || text;

/** The lower-case key of a username or e-mail cell, as the users schema would store it. */
const keyOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value.toLowerCase() : null);

/** Reads one row's cells by the mapping. Checks only what needs no database: cell formats come later, by the users schema. */
export function draftRow(raw: RawRow, setup: ImportSetup): RowDraft {
  const draft: RowDraft = { row: raw.row, body: {}, custom: {}, username: null, email: null, errors: [], cells: {} };
  if (raw.error) {
    draft.errors.push({ column: '', message: raw.error, value: null });
    return draft;
  }
  const extra = raw.cells.slice(setup.headers.length).some((cell) => cell.trim() !== '');
  if (extra) {
    draft.errors.push({
      column: '',
      message: ROW_MESSAGES.tooManyCells(raw.cells.length, setup.headers.length),
      value: null,
    });
    return draft;
  }
  const clears = setup.options.blank_clears;
  for (const { index, target } of setup.columns) {
    const text = restoreFormulaText((raw.cells[index] ?? '').trim());
    draft.cells[target] = text;
    if (hasNul(text)) {
      draft.errors.push({ column: setup.headerOf.get(target)!, message: 'Remove control characters.', value: null });
      continue;
    }
    const custom = target.startsWith(IMPORT_CUSTOM_FIELD_PREFIX)
      ? setup.customByKey.get(target.slice(IMPORT_CUSTOM_FIELD_PREFIX.length))
      : undefined;
    if (text === '') {
      if (!clears) continue;
      if (custom && custom.required !== 1) draft.custom[custom.key] = null;
      else if (NULLABLE.has(target)) {
        if (target === 'department') draft.department = null;
        else if (target === 'manager') draft.manager = null;
        else draft.body[target] = null;
      }
      continue;
    }
    if (custom) draft.custom[custom.key] = setup.format === 'xlsx' && custom.type === 'date' ? excelDate(text) : text;
    else if (USER_FIELDS.has(target)) setUserField(draft, setup, target as ImportUserField, text);
  }
  draft.username = keyOf(draft.body.username);
  draft.email = keyOf(draft.body.email);
  return draft;
}
