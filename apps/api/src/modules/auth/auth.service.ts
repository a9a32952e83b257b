import { API_ERRORS, CONSOLE_MIN_ROLE, LOGIN_THROTTLE, ROLE, hasRoleAccess, roleRank } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/types.ts';
import { audit } from '../../platform/audit.ts';
import { iso } from '../../platform/clock.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { type IssuedSession, createSession, destroySession } from '../../platform/session.ts';
import { clearHits, isThrottled, recordHit } from '../../platform/throttle.ts';
import { findUserById, findUserByLogin, isCompanySuspended, recordLogin } from './auth.repository.ts';

const accountKey = (login: string) => `login:account:${login.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

async function assertNotThrottled(db: Kysely<Database>, keys: [string, number][], now: Date) {
  for (const [key, limit] of keys) {
    const throttled = await isThrottled(db, key, limit, now);
    if (throttled) {
      throw new AppError(429, API_ERRORS.throttled, undefined, { 'retry-after': String(throttled.retryAfterSeconds) });
    }
  }
}

export interface SignIn {
  user: UserRow;
  issued: IssuedSession;
  redirect: string;
}

/** Only same-site paths are honoured as redirect targets. */
export function safeRedirect(target: string | undefined, fallback: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  return target;
}

/**
 * Signs in by username or e-mail. Failures are counted per account (whatever the IP) and per IP;
 * the message never says which part was wrong.
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
  const keys: [string, number][] = [
    [accountKey(input.login), LOGIN_THROTTLE.perAccount],
    [ipKey(ctx.ip), LOGIN_THROTTLE.perIp],
  ];
  await assertNotThrottled(db, keys, now);
  const user = await findUserByLogin(db, input.login);
  if (!(await verifyPassword(user?.password_hash, input.password)) || user === undefined) {
    for (const [key] of keys) await recordHit(db, key, LOGIN_THROTTLE.windowMinutes, now);
    throw invalid({ login: [API_ERRORS.invalidCredentials] }, API_ERRORS.invalidCredentials);
  }
  if (user.suspended === 1 || (user.site_admin !== 1 && (await isCompanySuspended(db, user.company_id)))) {
    throw invalid({ login: ['This account is deactivated.'] }, 'This account is deactivated.');
  }
  await clearHits(db, accountKey(input.login));
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
  return { user, issued, redirect: isStaff ? safeRedirect(input.redirect, '/admin') : '/' };
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

/**
 * Who may impersonate whom: a site admin anyone but a site admin; a Company Manager a strictly
 * lower role in their own company. Never oneself, never nested.
 */
function assertMayImpersonate(real: UserRow, target: UserRow | undefined): asserts target is UserRow {
  if (real.site_admin !== 1 && real.role !== ROLE.CompanyManager) throw forbidden();
  if (!target) throw notFound();
  if (real.site_admin !== 1 && target.company_id !== real.company_id) throw notFound();
  if (target.id === real.id) throw forbidden('You cannot impersonate yourself.');
  if (target.site_admin === 1) throw forbidden('Site administrators cannot be impersonated.');
  if (real.site_admin !== 1 && roleRank(target.role) >= roleRank(real.role)) throw forbidden();
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
