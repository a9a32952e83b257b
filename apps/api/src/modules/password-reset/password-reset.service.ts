import {
  CONSOLE_MIN_ROLE,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_THROTTLE,
  type ResetPasswordBody,
  hasRoleAccess,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { queueNotification } from '../notifications/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { destroySession, destroyUserSessions } from '../../platform/session.repository.ts';
import { type IssuedSession, createSession } from '../../platform/session.ts';
import { type ThrottleLimit, returnHit, takeHits } from '../../platform/throttle.repository.ts';
import { hashToken } from '../../platform/tokens.ts';
import { findUserByLogin } from '../auth/index.ts';
import { PASSWORD_RESET_JOB } from './password-reset.job.ts';
import { consumeResetToken, deleteOtherResetTokens, findResetToken, setPassword } from './password-reset.repository.ts';

/** Where the console shows spec §4's "Password has been changed successfully." */
const CONSOLE_AFTER_RESET = '/admin?password_reset=1';

const { windowMinutes } = PASSWORD_RESET_THROTTLE;
/** The IP first (a request refused for its address uses up nothing of the account's), then the account. */
const requestLimits = (account: string, ip: string): ThrottleLimit[] => [
  { key: `password-reset:ip:${ip}`, limit: PASSWORD_RESET_THROTTLE.perIp },
  { key: account, limit: PASSWORD_RESET_THROTTLE.perAccount },
];
const submitKey = (ip: string) => `password-reset:submit:${ip}`;

/** One counter per account whichever of its names was typed (F9), one per name that is no account's. */
async function accountKey(db: Kysely<Database>, login: string): Promise<string> {
  const user = await findUserByLogin(db, login);
  return user ? `password-reset:account:${user.id}` : `password-reset:name:${login.trim().toLowerCase()}`;
}

/** Counts the request before it is served, in one statement a key, so parallel requests cannot pass together. */
async function countRequest(db: Kysely<Database>, limits: ThrottleLimit[], now: Date) {
  const throttled = await takeHits(db, limits, windowMinutes, now);
  if (throttled)
    throw new AppError(429, PASSWORD_RESET_MESSAGES.throttled, undefined, {
      'retry-after': String(throttled.retryAfterSeconds),
    });
}

/**
 * POST /password/forgot. Does the same, and answers the same, whether or not the account exists:
 * the job makes the link, so neither the answer nor its timing tells anything (the counter's key
 * costs one indexed lookup either way). Counted per account and per IP.
 */
export async function requestPasswordReset(db: Kysely<Database>, ctx: RequestContext, login: string) {
  const now = ctx.now();
  await countRequest(db, requestLimits(await accountKey(db, login), ctx.ip), now);
  await enqueue(db, {
    type: PASSWORD_RESET_JOB,
    payload: { login: login.trim().toLowerCase(), requested_by: 'self', ip: ctx.ip },
    companyId: null,
    createdBy: null,
    now,
  });
  return { message: PASSWORD_RESET_MESSAGES.requested };
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof findResetToken>>>;

function isUsable(row: TokenRow | undefined, now: string): row is TokenRow {
  if (!row || row.used_at !== null || row.expires_at <= now || row.suspended === 1) return false;
  return row.site_admin === 1 || row.company_suspended !== 1;
}

/** Staff go back to the console (which then says the password changed), learners to My Courses. */
const redirectAfterReset = (user: UserRow) =>
  user.site_admin === 1 || hasRoleAccess(user.role, CONSOLE_MIN_ROLE) ? CONSOLE_AFTER_RESET : '/';

export interface ResetOutcome {
  user: UserRow;
  issued: IssuedSession;
  redirect: string;
}

/**
 * POST /password/reset: a valid, unused, unexpired token sets the new password, is used up with
 * every other link of the user, ends all of the user's sessions, is audited and e-mails a notice;
 * then the browser gets a fresh session. Wrong tokens are counted per IP.
 */
export async function resetPassword(
  db: Kysely<Database>,
  ctx: RequestContext,
  body: ResetPasswordBody,
  client: { userAgent: string | null; previousSessionHash: string | null },
): Promise<ResetOutcome> {
  const now = ctx.now();
  const stamp = iso(now);
  // Every submission is counted first; a link that works gives its hit back (wrong tokens are counted).
  await countRequest(db, [{ key: submitKey(ctx.ip), limit: PASSWORD_RESET_THROTTLE.perIp }], now);
  const tokenHash = hashToken(body.token);
  const row = await findResetToken(db, tokenHash);
  const refuse = () => invalidField('token', PASSWORD_RESET_MESSAGES.invalidToken);
  if (!isUsable(row, stamp)) throw refuse();
  const { expires_at: _e, used_at: _u, company_suspended: _s, company_name: companyName, ...user } = row;
  const passwordHash = await hashPassword(body.password);
  const consumed = await db.transaction().execute(async (trx) => {
    if (!(await consumeResetToken(trx, tokenHash, stamp))) return false;
    await deleteOtherResetTokens(trx, user.id, tokenHash);
    await setPassword(trx, user.id, passwordHash, stamp);
    await destroyUserSessions(trx, user.id);
    await audit(
      trx,
      { ...ctx, actorId: user.id, impersonatorId: null, companyId: user.company_id },
      { action: 'auth.password_reset', entityType: 'user', entityId: user.id, after: { password: 'changed' } },
    );
    // The notice that the password changed, through the notification pipeline (rendered when sent).
    await queueNotification(trx, {
      companyId: user.company_id,
      type: 'reset_password_completed',
      userId: user.id,
      now,
    });
    return true;
  });
  if (!consumed) throw refuse();
  await returnHit(db, submitKey(ctx.ip));
  if (client.previousSessionHash) await destroySession(db, client.previousSessionHash);
  const issued = await createSession(db, {
    userId: user.id,
    impersonatorId: null,
    ip: ctx.ip,
    userAgent: client.userAgent,
    now,
  });
  return { user: { ...user, password_hash: passwordHash }, issued, redirect: redirectAfterReset(user) };
}
