import { API_ERRORS, CONSOLE_MIN_ROLE, LOGIN_THROTTLE, hasRoleAccess } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { impersonationRefusal, mayImpersonateAnyone } from '../../platform/impersonation-rule.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { safeRedirect } from '../../platform/safe-redirect.ts';
import { destroySession } from '../../platform/session.repository.ts';
import { type IssuedSession, createSession } from '../../platform/session.ts';
import { clearHits, returnHit, takeHits } from '../../platform/throttle.repository.ts';
import { findUserById, findUserByLogin, isCompanySuspended, isSsoRequired, recordLogin } from './auth.repository.ts';

const SSO_REQUIRED = 'Your company signs in with single sign-on: use “Sign in with SSO”.';

/**
 * The account's counter whichever name was typed (F9: its username and e-mail had one each); a name
 * of no account has its own, so unknown names are throttled alike and a 429 tells nothing either.
 */
const accountKey = (user: UserRow | undefined, login: string) =>
  user ? `login:account:${user.id}` : `login:name:${login.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/**
 * Counts the attempt before the password is checked, so parallel guesses cannot all pass on one
 * reading of the counter (F2). The IP first: a request refused for its address uses up nothing of
 * the account's attempts.
 */
async function countAttempt(db: Kysely<Database>, account: string, ip: string, now: Date) {
  const limits = [
    { key: ipKey(ip), limit: LOGIN_THROTTLE.perIp },
    { key: account, limit: LOGIN_THROTTLE.perAccount },
  ];
  const throttled = await takeHits(db, limits, LOGIN_THROTTLE.windowMinutes, now);
  if (throttled) {
    throw new AppError(429, API_ERRORS.throttled, undefined, { 'retry-after': String(throttled.retryAfterSeconds) });
  }
}

export interface SignIn {
  user: UserRow;
  issued: IssuedSession;
  redirect: string;
}

/**
 * Signs in by username or e-mail. Attempts are counted per account (whatever the IP and whichever
 * of its names) and per IP, before the password is checked; the message never says which part was wrong.
 */
export async function signIn(
  db: Kysely<Database>,
  ctx: RequestContext,
  input: {
    login: string;
    password: string;
    redirect?: string;
    userAgent: string | null;
    previousSessionHash: string | null;
  },
): Promise<SignIn> {
  const now = ctx.now();
  const user = await findUserByLogin(db, input.login);
  const account = accountKey(user, input.login);
  await countAttempt(db, account, ctx.ip, now);
  if (!(await verifyPassword(user?.password_hash, input.password)) || user === undefined) {
    throw invalid({ login: [API_ERRORS.invalidCredentials] }, API_ERRORS.invalidCredentials);
  }
  if (user.suspended === 1 || (user.site_admin !== 1 && (await isCompanySuspended(db, user.company_id)))) {
    throw invalid({ login: ['This account is deactivated.'] }, 'This account is deactivated.');
  }
  // A company that requires single sign-on takes no password from its people; site administrators keep theirs.
  if (user.site_admin !== 1 && (await isSsoRequired(db, user.company_id))) {
    throw invalid({ login: [SSO_REQUIRED] }, SSO_REQUIRED);
  }
  // The account starts afresh; the IP limit counts failures only, so this attempt is given back.
  await clearHits(db, account);
  await returnHit(db, ipKey(ctx.ip));
  if (input.previousSessionHash) await destroySession(db, input.previousSessionHash);
  const issued = await createSession(db, {
    userId: user.id,
    impersonatorId: null,
    ip: ctx.ip,
    userAgent: input.userAgent,
    now,
  });
  await db.transaction().execute(async (trx) => {
    await recordLogin(trx, user.id, iso(now));
    await audit(
      trx,
      { ...ctx, actorId: user.id, impersonatorId: null, companyId: user.company_id },
      {
        action: 'auth.login',
        entityType: 'user',
        entityId: user.id,
      },
    );
  });
  const isStaff = user.site_admin === 1 || hasRoleAccess(user.role, CONSOLE_MIN_ROLE);
  return { user, issued, redirect: isStaff ? safeRedirect(input.redirect, '/admin') : learnerRedirect(input.redirect) };
}

/**
 * Where a learner goes after signing in: back to the learner-side page they opened (a course link from
 * an e-mail), never into the console, which is not theirs; else My Courses.
 */
function learnerRedirect(target: string | undefined): string {
  const safe = safeRedirect(target, '/');
  return /^\/(admin|api)(\/|\?|#|$)/.test(safe) ? '/' : safe;
}

export async function signOut(db: Kysely<Database>, ctx: RequestContext & { session: { id_hash: string } }) {
  await db.transaction().execute(async (trx) => {
    await destroySession(trx, ctx.session.id_hash);
    await audit(
      trx,
      { ...ctx, companyId: ctx.user?.company_id ?? null },
      { action: 'auth.logout', entityType: 'user', entityId: ctx.actorId },
    );
  });
}

/** The shared rule (platform/impersonation-rule.ts), answered as the sign-in route always has. */
function assertMayImpersonate(real: UserRow, target: UserRow | undefined): asserts target is UserRow {
  if (!mayImpersonateAnyone(real)) throw forbidden();
  if (!target) throw notFound();
  const refusal = impersonationRefusal(real, target);
  if (refusal === 'otherCompany') throw notFound();
  if (refusal === 'self') throw forbidden('You cannot impersonate yourself.');
  if (refusal === 'siteAdmin') throw forbidden('Site administrators cannot be impersonated.');
  if (refusal !== null) throw forbidden();
}

export async function startImpersonation(
  db: Kysely<Database>,
  ctx: RequestContext & { session: { id_hash: string; impersonator_id: number | null }; user: UserRow },
  targetId: number,
  userAgent: string | null,
): Promise<{ user: UserRow; impersonator: UserRow; issued: IssuedSession }> {
  if (ctx.session.impersonator_id !== null)
    throw forbidden('Return to your own account before impersonating someone else.');
  const real = ctx.user;
  const target = await findUserById(db, targetId);
  assertMayImpersonate(real, target);
  if (target.suspended === 1) throw invalid({ user_id: ['This user is deactivated.'] });
  const issued = await createSession(db, {
    userId: target.id,
    impersonatorId: real.id,
    ip: ctx.ip,
    userAgent,
    now: ctx.now(),
  });
  await db.transaction().execute(async (trx) => {
    await destroySession(trx, ctx.session.id_hash);
    await audit(
      trx,
      { ...ctx, actorId: target.id, impersonatorId: real.id, companyId: target.company_id },
      {
        action: 'auth.impersonation_start',
        entityType: 'user',
        entityId: target.id,
      },
    );
  });
  return { user: target, impersonator: real, issued };
}

export async function endImpersonation(
  db: Kysely<Database>,
  ctx: RequestContext & { session: { id_hash: string; impersonator_id: number | null }; user: UserRow },
  userAgent: string | null,
): Promise<{ user: UserRow; issued: IssuedSession }> {
  const realId = ctx.session.impersonator_id;
  if (realId === null) throw invalid({ action: ['You are not impersonating anyone.'] });
  const real = await findUserById(db, realId);
  if (!real) throw forbidden();
  const issued = await createSession(db, {
    userId: real.id,
    impersonatorId: null,
    ip: ctx.ip,
    userAgent,
    now: ctx.now(),
  });
  await db.transaction().execute(async (trx) => {
    await destroySession(trx, ctx.session.id_hash);
    await audit(
      trx,
      { ...ctx, companyId: ctx.user.company_id },
      {
        action: 'auth.impersonation_end',
        entityType: 'user',
        entityId: ctx.user.id,
      },
    );
  });
  return { user: real, issued };
}
