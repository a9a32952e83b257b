import { createHmac, timingSafeEqual } from 'node:crypto';
import { ASSIGNMENT_LINK_DAYS, assignmentDetailsPath } from '@heed/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import { findMessageLinks, insertLink, insertLinks, linkSecret } from './assignment-links.repository.ts';

// Assignment Details links (decision 065): `<link id>.<expiry, epoch seconds>.<HMAC-SHA256>`. The
// signature makes a guessed or altered token fail before any row is read; the `assignment_tokens`
// row makes it revocable. Nothing in the token names the assignment or the learner.

const DAY_MS = 86_400_000;
const TOKEN = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const sign = (secret: Buffer, linkId: number, expires: number) =>
  createHmac('sha256', secret).update(`assignment-link:${linkId}.${expires}`).digest('base64url');

/** Makes a link to one assignment's details, valid ASSIGNMENT_LINK_DAYS days: its token and expiry. */
export async function issueAssignmentLink(
  db: Kysely<Database>,
  input: { companyId: number; assignmentId: number; createdBy: number | null; now: Date },
): Promise<{ token: string; expiresAt: string }> {
  const at = iso(input.now);
  const seconds = Math.floor((input.now.getTime() + ASSIGNMENT_LINK_DAYS * DAY_MS) / 1000);
  const expiresAt = iso(new Date(seconds * 1000));
  const secret = await linkSecret(db, at);
  const linkId = await insertLink(db, {
    companyId: input.companyId,
    assignmentId: input.assignmentId,
    expiresAt,
    createdBy: input.createdBy,
    now: at,
  });
  return { token: `${linkId}.${seconds}.${sign(secret, linkId, seconds)}`, expiresAt };
}

/** The absolute address of Assignment Details for a token. */
export const assignmentDetailsUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${assignmentDetailsPath(token)}`;

/**
 * A message's link is reused while it has at least this many days left (links last
 * ASSIGNMENT_LINK_DAYS): a week of reminders shares one `assignment_tokens` row, and every e-mail's
 * link works for three weeks or more.
 */
const MESSAGE_LINK_MIN_DAYS = ASSIGNMENT_LINK_DAYS - 7;

/**
 * The Assignment Details addresses of the notifications about `assignmentIds` (their
 * `public_assignment_url`), made when the messages are rendered: per assignment, the live link made
 * for messages when it has MESSAGE_LINK_MIN_DAYS left, else a new one. A batch is one read of the
 * key, one select and at most one insert, whatever its size; signing is local. Assignments that no
 * longer exist are left out of the map. Revoking an assignment's links (DELETE /assignments/{id}/links)
 * revokes these too, and the next message makes a new one.
 */
export async function assignmentLinkUrls(
  db: Kysely<Database>,
  input: { publicUrl: string; assignmentIds: readonly number[]; now: Date },
): Promise<Map<number, string>> {
  const urls = new Map<number, string>();
  const ids = [...new Set(input.assignmentIds)];
  if (ids.length === 0) return urls;
  const at = iso(input.now);
  const secret = await linkSecret(db, at);
  const reusableAfter = iso(new Date(input.now.getTime() + MESSAGE_LINK_MIN_DAYS * DAY_MS));
  const url = (linkId: number, seconds: number) =>
    assignmentDetailsUrl(input.publicUrl, `${linkId}.${seconds}.${sign(secret, linkId, seconds)}`);
  const missing: { companyId: number; assignmentId: number }[] = [];
  // Rows come longest-lasting link first per assignment: the first row of each decides.
  const seen = new Set<number>();
  for (const row of await findMessageLinks(db, ids, reusableAfter)) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    if (row.link_id !== null && row.expires_at !== null)
      urls.set(row.id, url(row.link_id, Math.floor(Date.parse(row.expires_at) / 1000)));
    else missing.push({ companyId: row.company_id, assignmentId: row.id });
  }
  if (missing.length > 0) {
    const seconds = Math.floor((input.now.getTime() + ASSIGNMENT_LINK_DAYS * DAY_MS) / 1000);
    const made = await insertLinks(db, missing, { expiresAt: iso(new Date(seconds * 1000)), now: at });
    for (const link of made) urls.set(link.assignment_id, url(link.id, seconds));
  }
  return urls;
}

/**
 * The Assignment Details address of one assignment as its messages carry it (`assignmentLinkUrls`);
 * `publicUrl` defaults to the server's PUBLIC_URL.
 */
export async function publicAssignmentUrl(
  db: Kysely<Database>,
  assignmentId: number,
  options: { publicUrl?: string; now?: Date } = {},
): Promise<string> {
  const urls = await assignmentLinkUrls(db, {
    publicUrl: options.publicUrl ?? loadConfig().publicUrl,
    assignmentIds: [assignmentId],
    now: options.now ?? new Date(),
  });
  const url = urls.get(assignmentId);
  if (!url) throw new Error(`No assignment ${assignmentId}`);
  return url;
}

/**
 * The link id a token names when its signature and expiry hold, else null. The signature is
 * compared in constant time, and a malformed token is compared too, so the time taken does not say
 * how close a guess was.
 */
export async function verifiedLinkId(db: Kysely<Database>, token: string, now: Date): Promise<number | null> {
  const secret = await linkSecret(db, iso(now));
  const match = TOKEN.exec(token);
  const linkId = match ? Number(match[1]) : 0;
  const expires = match ? Number(match[2]) : 0;
  const expected = Buffer.from(sign(secret, linkId, expires));
  const given = Buffer.from(match ? match[3]! : ''.padEnd(43, '-'));
  const valid = timingSafeEqual(expected, given.length === expected.length ? given : expected.map((b) => b ^ 1));
  if (!match || !valid || expires * 1000 <= now.getTime()) return null;
  return linkId;
}
