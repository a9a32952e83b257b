import { AUDIT_MESSAGES } from '@heed/contract';
import { invalid } from '../../platform/errors.ts';

// Keyset cursors of the history lists (decision 071): the last row's sort key, base64url-encoded so
// that clients treat it as opaque. A cursor that does not decode is a 422, never a 5xx.

export interface TimeKey {
  at: string;
  id: number;
}

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const decode = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
const badCursor = () => invalid({ cursor: [AUDIT_MESSAGES.badCursor] });
const ISO = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;
const ID = /^[1-9][0-9]{0,9}$/;

export const timeCursor = (key: TimeKey): string => encode(`${key.at}|${key.id}`);

export function readTimeCursor(cursor: string | undefined): TimeKey | undefined {
  if (!cursor) return undefined;
  const [at = '', id = '', ...rest] = decode(cursor).split('|');
  if (rest.length > 0 || !ISO.test(at) || !ID.test(id)) throw badCursor();
  return { at, id: Number(id) };
}

export const idCursor = (id: number): string => encode(String(id));

export function readIdCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  const id = decode(cursor);
  if (!ID.test(id) || Number(id) > 2_147_483_647) throw badCursor();
  return Number(id);
}
