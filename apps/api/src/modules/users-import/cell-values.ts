import { ROLE_IDS, ROLE_LABELS, type RoleId } from '@heed/contract';
import { headerKey } from './auto-mapping.ts';

const ROLES = new Map<string, RoleId>();
for (const id of ROLE_IDS) {
  ROLES.set(String(id), id);
  ROLES.set(headerKey(ROLE_LABELS[id]), id);
}
ROLES.set('learner', 0);

/** A role from its id (0–3) or its name in any case and spacing (`company manager`, `CompanyManager`). */
export const parseRole = (text: string): RoleId | undefined => ROLES.get(headerKey(text));

const FLAGS = new Map([
  ['yes', true],
  ['y', true],
  ['true', true],
  ['1', true],
  ['deactivated', true],
  ['suspended', true],
  ['inactive', true],
  ['disabled', true],
  ['no', false],
  ['n', false],
  ['false', false],
  ['0', false],
  ['active', false],
  ['enabled', false],
]);

/** The "deactivated" flag: yes/no, true/false, 1/0, or the status words of the users export (Active, Deactivated). */
export const parseDeactivated = (text: string): boolean | undefined => FLAGS.get(text.trim().toLowerCase());

const SERIAL = /^\d{1,7}(\.\d+)?$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/**
 * A spreadsheet's date serial (days since 1899-12-30, as XLSX stores dates) → `YYYY-MM-DD`; any
 * other text unchanged. Only XLSX cells are read this way: in a CSV, `45000` stays a number.
 */
export function excelDate(text: string): string {
  if (!SERIAL.test(text)) return text;
  const serial = Math.floor(Number(text));
  if (serial < 1 || serial > 2_958_465) return text;
  return new Date(EXCEL_EPOCH + serial * 86_400_000).toISOString().slice(0, 10);
}
