import {
  CUSTOM_FIELD_KEY_MAX,
  type CustomField,
  type CustomFieldCreateBody,
  type CustomFieldType,
  type CustomFieldUpdateBody,
  customFieldCreateBody,
} from '@heed/contract';

/** One row of the options editor; `original` is the option it was when the editor opened (null: added). */
export interface OptionRow {
  id: string;
  original: string | null;
  value: string;
}

/** What the field editor holds while it is open. */
export interface FieldDraft {
  label: string;
  key: string;
  /** False while the key still follows the label. */
  keyEdited: boolean;
  type: CustomFieldType;
  options: OptionRow[];
  required: boolean;
  show_in_table: boolean;
}

let rowSequence = 0;
export const optionRow = (value: string, original: string | null = null): OptionRow => ({
  id: `option-${++rowSequence}`,
  original,
  value,
});

export const newDraft = (): FieldDraft => ({
  label: '',
  key: '',
  keyEdited: false,
  type: 'text',
  options: [optionRow('')],
  required: false,
  show_in_table: true,
});

export const draftOf = (field: CustomField): FieldDraft => ({
  label: field.label,
  key: field.key,
  keyEdited: true,
  type: field.type,
  options: field.type === 'select' ? (field.options ?? []).map((option) => optionRow(option, option)) : [optionRow('')],
  required: field.required,
  show_in_table: field.show_in_table,
});

/** "Cost centre (EU)" → "cost_centre_eu"; a key must start with a letter. */
export function keyFromLabel(label: string): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const lettered = /^[a-z]/.test(key) || key === '' ? key : `field_${key}`;
  return lettered.slice(0, CUSTOM_FIELD_KEY_MAX).replace(/_+$/, '');
}

/** The options the draft saves: trimmed and without blank rows, for select fields only. */
export const draftOptions = (draft: FieldDraft): string[] | null =>
  draft.type === 'select' ? draft.options.map((row) => row.value.trim()).filter((value) => value !== '') : null;

export function createBody(draft: FieldDraft): CustomFieldCreateBody {
  return {
    key: draft.key.trim(),
    label: draft.label.trim(),
    type: draft.type,
    options: draftOptions(draft),
    required: draft.required,
    show_in_table: draft.show_in_table,
  };
}

export function updateBody(draft: FieldDraft): CustomFieldUpdateBody {
  return {
    label: draft.label.trim(),
    type: draft.type,
    options: draftOptions(draft),
    required: draft.required,
    show_in_table: draft.show_in_table,
  };
}

/** The checks the contract makes, run before sending: field → first message. */
export function draftErrors(draft: FieldDraft): Record<string, string> {
  const result = customFieldCreateBody.safeParse(createBody(draft));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Options renamed in the editor: their holders follow them (old text → new text). */
export function renamesOf(field: CustomField, draft: FieldDraft): Record<string, string> {
  if (field.type !== 'select' || draft.type !== 'select') return {};
  const renames: Record<string, string> = {};
  for (const row of draft.options) {
    const value = row.value.trim();
    if (row.original !== null && value !== '' && value !== row.original) renames[row.original] = value;
  }
  return renames;
}

/** Whether saving may change values users hold: a new type, or select options renamed or removed. */
export function touchesValues(field: CustomField, draft: FieldDraft): boolean {
  if (field.type !== draft.type) return true;
  if (field.type !== 'select') return false;
  const kept = new Set(draftOptions(draft));
  return (field.options ?? []).some((option) => !kept.has(option));
}
