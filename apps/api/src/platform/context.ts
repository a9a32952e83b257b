import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database, SessionRow, UserRow } from '../db/types.ts';

/** What every handler knows about the caller, filled in by the session and tenancy hooks. */
export interface RequestContext {
  session: SessionRow | null;
  /** The effective user: the impersonated one while impersonating. */
  user: UserRow | null;
  /** The person behind an impersonation, if any. */
  impersonator: UserRow | null;
  actorId: number | null;
  impersonatorId: number | null;
  /** The company the request acts on (X-Company-ID for site admins, else the user's own). */
  companyId: number | null;
  ip: string;
  now: () => Date;
}

/** A signed-in context with its company resolved: what guarded handlers receive. */
export type AuthedContext = RequestContext & { session: SessionRow; user: UserRow; companyId: number };

export interface AppDeps {
  db: Kysely<Database>;
  /** Long reads (reports): reader threads on a SQLite file, else `db` (`db/read-threads.ts`). */
  reader: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  config: Config;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
}
