import { type Endpoint, hasRoleAccess } from '@heed/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthedContext, RequestContext } from './context.ts';
import { checkAnonymousCsrf, checkSameSite, checkSessionCsrf } from './csrf.ts';
import { forbidden, unauthenticated } from './errors.ts';
import { resolveCompanyId } from './tenancy.ts';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : undefined;

export interface HandlerInput<E extends Endpoint> {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
  ctx: E['access'] extends { kind: 'public' } ? RequestContext : AuthedContext;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<ResponseOf<E>>;

/**
 * Enforces an endpoint's access rule before its handler: session, same-site and CSRF for
 * mutations, tenant resolution, then role or site-admin. The console's guards only mirror this.
 * Throws when refused. Returns a promise only when the tenant has to be looked up; every other
 * decision is synchronous, so a session-only `GET` (such as `/me`) costs no extra promise.
 */
export function enforceAccess(endpoint: Endpoint, req: FastifyRequest): Promise<void> | undefined {
  const mutating = endpoint.method !== 'GET';
  if (mutating) checkSameSite(req);
  const { access } = endpoint;
  const { session, user } = req.ctx;
  if (access.kind === 'public') {
    if (mutating) session ? checkSessionCsrf(req, session.csrf_token) : checkAnonymousCsrf(req);
    return undefined;
  }
  if (!session || !user) throw unauthenticated();
  if (mutating) checkSessionCsrf(req, session.csrf_token);
  if (access.kind === 'session') return undefined;
  return resolveCompanyId(req, user).then((companyId) => {
    req.ctx.companyId = companyId;
    if (user.site_admin === 1) return;
    if (access.kind === 'siteAdmin') throw forbidden();
    if (!hasRoleAccess(user.role, access.minRole)) throw forbidden();
  });
}

/** `enforceAccess` as a callback hook: synchronous decisions finish without a promise. */
const accessHook =
  (endpoint: Endpoint) =>
  (req: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    let pending: Promise<void> | undefined;
    try {
      pending = enforceAccess(endpoint, req);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  };

const toFastifyPath = (endpoint: Endpoint) =>
  `/api${endpoint.unversioned ? '' : '/v3'}${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Registers a contract endpoint: its path, schemas, access rule and success status, all from the contract. */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: toFastifyPath(endpoint),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { [endpoint.status ?? 200]: endpoint.response } } : {}),
    },
    preHandler: accessHook(endpoint),
    handler: async (req, reply) => {
      const result = await handler({
        body: req.body as Parsed<E['body']>,
        query: req.query as Parsed<E['query']>,
        params: req.params as Parsed<E['params']>,
        ctx: req.ctx as HandlerInput<E>['ctx'],
        req,
        reply,
      });
      // A handler may answer another success itself (a file's 206 Partial Content); else the contract's status.
      if (reply.statusCode === 200) reply.status(endpoint.status ?? 200);
      return endpoint.status === 204 ? reply.send() : result;
    },
  });
}
