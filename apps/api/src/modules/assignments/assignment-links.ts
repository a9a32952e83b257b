import { createHmac, timingSafeEqual } from 'node:crypto';
import { ASSIGNMENT_LINK_DAYS, assignmentDetailsPath } from '@heed/contract';
import type { Kysely } from 'kysely';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import { findAssignmentCompany, insertLink, linkSecret } from './assignment-links.repository.ts';

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
 * A new link to an assignment's details page, for e-mails (the notifications' `public_assignment_url`):
 * call it in the transaction that queues the message, so the link exists exactly when the message does.
 * `publicUrl` defaults to the server's PUBLIC_URL.
 */
export async function publicAssignmentUrl(
  db: Kysely<Database>,
  assignmentId: number,
  options: { publicUrl?: string; now?: Date; createdBy?: number | null } = {},
): Promise<string> {
  const assignment = await findAssignmentCompany(db, assignmentId);
  if (!assignment) throw new Error(`No assignment ${assignmentId}`);
  const { token } = await issueAssignmentLink(db, {
    companyId: assignment.company_id,
    assignmentId,
    createdBy: options.createdBy ?? null,
    now: options.now ?? new Date(),
  });
  return assignmentDetailsUrl(options.publicUrl ?? loadConfig().publicUrl, token);
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
