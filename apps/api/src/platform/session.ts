import type { Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../db/types.ts';
import { currentSqliteStamp } from '../db/data-stamp.ts';
import { StampedCache } from '../db/stamped-cache.ts';
import { addMinutes, iso } from './clock.ts';
import { impersonationRefusal } from './impersonation-rule.ts';
import {
  destroySession,
  findImpersonator,
  insertSession,
  selectSessionByHash,
  sessionLifetimeHours,
  touchSession,
} from './session.repository.ts';
import { hashToken, randomToken } from './tokens.ts';

/** Last-seen is written at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface NewSession {
  userId: number;
  impersonatorId: number | null;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

export interface IssuedSession {
  token: string;
  csrfToken: string;
}

/** Creates a session with a fresh id and CSRF token; only the id's hash is stored. */
export async function createSession(db: Kysely<Database>, input: NewSession): Promise<IssuedSession> {
  const token = randomToken();
  const csrfToken = randomToken();
  // The absolute lifetime belongs to the person who signed in, not to whom they impersonate.
  const hours = await sessionLifetimeHours(db, input.impersonatorId ?? input.userId);
  await insertSession(db, {
    id_hash: hashToken(token),
    user_id: input.userId,
    impersonator_id: input.impersonatorId,
    csrf_token: csrfToken,
    ip: input.ip,
    user_agent: input.userAgent?.slice(0, 512) ?? null,
    created_at: iso(input.now),
    last_seen_at: iso(input.now),
    expires_at: iso(addMinutes(input.now, hours * 60)),
  });
  return { token, csrfToken };
}

export interface LoadedSession {
  session: SessionRow;
  user: UserRow;
  impersonator: UserRow | null;
}

/** A session as read, with what every request checks worked out once. Its rows are frozen: they may be shared. */
interface SessionRecord {
  loaded: LoadedSession;
  lastSeenMs: number;
  expiresMs: number;
  idleMs: number;
  /** Suspended user, or suspended company for anyone but a site admin and those a site admin impersonates. */
  blocked: boolean;
  /** The session names an impersonator who no longer exists. */
  orphaned: boolean;
  /** The impersonator may no longer act as this user: deactivated, demoted, or the user promoted (F5). */
  lapsed: boolean;
}

/**
 * Re-checked on every request, not only when the impersonation started: a role is read fresh with
 * the session, so a demotion or a deactivation of the impersonator ends what the old rank allowed.
 */
const impersonationLapsed = (impersonator: UserRow | null, user: UserRow): boolean =>
  impersonator !== null && (impersonator.suspended === 1 || impersonationRefusal(impersonator, user) !== null);

async function readSession(db: Kysely<Database>, idHash: string): Promise<SessionRecord | null> {
  const [row] = await selectSessionByHash(db, [idHash]);
  if (!row) return null;
  const {
    id_hash,
    impersonator_id,
    csrf_token,
    session_ip,
    user_agent,
    session_created_at,
    last_seen_at,
    expires_at,
    session_idle_minutes,
    company_suspended,
    ...user
  } = row;
  const session: SessionRow = {
    id_hash,
    user_id: user.id,
    impersonator_id,
    csrf_token,
    ip: session_ip,
    user_agent,
    created_at: session_created_at,
    last_seen_at,
    expires_at,
  };
  const impersonator = impersonator_id === null ? null : ((await findImpersonator(db, impersonator_id)) ?? null);
  return {
    loaded: {
      session: Object.freeze(session),
      user: Object.freeze(user),
      impersonator: impersonator && Object.freeze(impersonator),
    },
    lastSeenMs: Date.parse(last_seen_at),
    expiresMs: Date.parse(expires_at),
    idleMs: session_idle_minutes * 60_000,
    // Only a site admin works inside a suspended company; a Company Manager impersonating there is
    // as suspended as their own account.
    blocked:
      user.suspended === 1 || (company_suspended === 1 && user.site_admin !== 1 && impersonator?.site_admin !== 1),
    orphaned: impersonator_id !== null && !impersonator,
    lapsed: impersonationLapsed(impersonator, user),
  };
}

/** Session records remembered per SQLite connection, by id hash, with the data stamp they were read at. */
const sessionRecords = new StampedCache<string, SessionRecord>({ maxWeight: 5000 });

/**
 * The session's record, from memory while the database is provably unchanged: on SQLite the stamp
 * (rows written on this connection, commits by any other) is read before the rows, so a remembered
 * record is never older than its stamp, and any write at all (a sign-out, a suspension, the
 * last-seen touch) makes the next request read again. Reading the three joined rows and building a
 * 30-column object was the largest cost of an authenticated request. PostgreSQL always reads.
 */
async function sessionRecord(db: Kysely<Database>, idHash: string): Promise<SessionRecord | null> {
  const stamp = currentSqliteStamp(db);
  if (stamp === undefined) return readSession(db, idHash);
  const hit = sessionRecords.get(db, idHash, stamp);
  if (hit) return hit;
  const record = await readSession(db, idHash);
  if (record) sessionRecords.set(db, idHash, stamp, record);
  return record;
}

/**
 * Finds a live session by its cookie value. Expired, idle, deactivated-user and suspended-company
 * sessions, and impersonations the impersonator may no longer make, count as none (and are removed).
 */
export async function loadSession(db: Kysely<Database>, token: string, now: Date): Promise<LoadedSession | null> {
  const idHash = hashToken(token);
  const record = await sessionRecord(db, idHash);
  if (!record) return null;
  const nowMs = now.getTime();
  const idle = nowMs >= record.lastSeenMs + record.idleMs;
  const expired = nowMs >= record.expiresMs;
  if (expired || idle || record.blocked || record.orphaned || record.lapsed) {
    await destroySession(db, idHash);
    return null;
  }
  if (nowMs - record.lastSeenMs >= TOUCH_INTERVAL_MS) await touchSession(db, idHash, iso(now));
  return record.loaded;
}
