import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTOMATED_REPORT_LINK_DAYS } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import { linkSecret } from './runs.repository.ts';

// E-mailed download links, as Assignment Details links are made (decision 065): `<file id>.<expiry,
// epoch seconds>.<HMAC-SHA256>` under a key of their own. A guessed or altered token fails before
// any row is read; deleting the report (and so the file) ends every link to it.

const DAY_MS = 86_400_000;
const TOKEN = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const sign = (secret: Buffer, fileId: number, expires: number) =>
  createHmac('sha256', secret).update(`automated-report-file:${fileId}.${expires}`).digest('base64url');

/** A token for one file, valid AUTOMATED_REPORT_LINK_DAYS days. */
export async function fileLinkToken(db: Kysely<Database>, fileId: number, now: Date): Promise<string> {
  const seconds = Math.floor((now.getTime() + AUTOMATED_REPORT_LINK_DAYS * DAY_MS) / 1000);
  return `${fileId}.${seconds}.${sign(await linkSecret(db, iso(now)), fileId, seconds)}`;
}

/** The file id a token names when its signature and expiry hold, else null (compared in constant time). */
export async function verifiedFileId(db: Kysely<Database>, token: string, now: Date): Promise<number | null> {
  const secret = await linkSecret(db, iso(now));
  const match = TOKEN.exec(token);
  const fileId = match ? Number(match[1]) : 0;
  const expires = match ? Number(match[2]) : 0;
  const expected = Buffer.from(sign(secret, fileId, expires));
  const given = Buffer.from(match ? match[3]! : ''.padEnd(43, '-'));
  const valid = timingSafeEqual(expected, given.length === expected.length ? given : expected.map((b) => b ^ 1));
  if (!match || !valid || expires * 1000 <= now.getTime()) return null;
  return fileId;
}
