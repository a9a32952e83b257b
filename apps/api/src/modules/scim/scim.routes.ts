import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateScim, logScimCall } from './scim-auth.service.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery.ts';
import { ScimError, scimError } from './scim-errors.ts';
import { createGroup, deleteGroup, getGroup, listGroups, patchGroup, replaceGroup } from './scim-groups.service.ts';
import { type ScimResource, SCHEMA, project } from './scim-resources.ts';
import { findCompanyCustomFields } from './scim-users.repository.ts';
import {
  type ListParams,
  type ScimContext,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  patchUser,
  replaceUser,
} from './scim-users.service.ts';

export const SCIM_PREFIX = '/scim/v2';
const CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** What the provisioning log records of a call, filled in by its handler. */
export interface ScimCall {
  operation: string;
  resourceType?: string;
  resourceId?: string;
  display?: string;
  detail?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    scim: ScimContext | null;
    scimCall: ScimCall | null;
  }
}

type Query = ListParams & { attributes?: string; excludedAttributes?: string };
type Params = { id: string };

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : null;

function listResponse(result: { total: number; start: number; resources: ScimResource[] }, query: Query) {
  return {
    schemas: [SCHEMA.list],
    totalResults: result.total,
    startIndex: result.start,
    itemsPerPage: result.resources.length,
    Resources: result.resources.map((r) => project(r, list(query.attributes), list(query.excludedAttributes))),
  };
}

/** One resource with its ETag; a GET whose If-None-Match holds that version is a 304. */
function single(req: FastifyRequest, reply: FastifyReply, resource: ScimResource, status = 200) {
  reply.header('etag', resource.meta.version);
  reply.header('location', String(resource.meta.location));
  const query = req.query as Query;
  if (req.method === 'GET' && req.headers['if-none-match'] === resource.meta.version) return reply.status(304).send();
  return reply.status(status).send(project(resource, list(query.attributes), list(query.excludedAttributes)));
}

const ctxOf = (req: FastifyRequest) => req.scim as ScimContext;
const ifMatch = (req: FastifyRequest) => req.headers['if-match'];
const call = (req: FastifyRequest, value: ScimCall) => {
  req.scimCall = value;
};
const note = (req: FastifyRequest, resource: ScimResource, name: 'userName' | 'displayName') => {
  if (req.scimCall) {
    req.scimCall.resourceId = resource.id;
    req.scimCall.display = String(resource[name] ?? '');
  }
};

/**
 * SCIM 2.0 (RFC 7643/7644) at /scim/v2, outside /api/v3: bearer tokens name the company (never a
 * header), errors in the SCIM error schema, every call in the provisioning log (decision 073).
 */
export async function scimRoutes(app: FastifyInstance) {
  const { db, dialect, config } = app.deps;
  const baseUrl = `${config.publicUrl.replace(/\/$/, '')}${SCIM_PREFIX}`;
  app.decorateRequest('scim', null);
  app.decorateRequest('scimCall', null);

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, parseJson);

  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    let scim: ScimError;
    if (error instanceof ScimError) scim = error;
    else if ((error.statusCode ?? 500) < 500) scim = scimError(error.statusCode ?? 400, 'invalidSyntax', error.message);
    else {
      req.log.error({ err: error }, 'unhandled SCIM error');
      scim = scimError(500, undefined, 'The server could not complete the request.');
    }
    if (req.scimCall) req.scimCall.detail = scim.message;
    if (scim.status === 401) reply.header('www-authenticate', 'Bearer realm="Heed SCIM"');
    return reply.status(scim.status).type(CONTENT_TYPE).send(scim.body());
  });

  app.addHook('onRequest', async (req) => {
    req.scim = await authenticateScim(db, req.headers.authorization, {
      ip: req.ip,
      now: config.now,
      baseUrl,
      dialect,
    });
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.getHeader('content-type') && payload !== undefined && payload !== null) reply.type(CONTENT_TYPE);
    else if (String(reply.getHeader('content-type')).startsWith('application/json')) reply.type(CONTENT_TYPE);
    if (req.scim) await logScimCall(db, req.scim, req, reply.statusCode, req.scimCall);
    return payload;
  });

  const p = SCIM_PREFIX;
  app.get(`${p}/ServiceProviderConfig`, async (req) => {
    call(req, { operation: 'config.read' });
    return serviceProviderConfig(baseUrl);
  });
  app.get(`${p}/ResourceTypes`, async (req) => {
    call(req, { operation: 'config.read' });
    const types = resourceTypes(baseUrl);
    return {
      schemas: [SCHEMA.list],
      totalResults: types.length,
      startIndex: 1,
      itemsPerPage: types.length,
      Resources: types,
    };
  });
  app.get<{ Params: Params }>(`${p}/ResourceTypes/:id`, async (req) => {
    call(req, { operation: 'config.read' });
    const found = resourceTypes(baseUrl).find((t) => t.id === req.params.id);
    if (!found) throw scimError(404, undefined, `Resource type ${req.params.id} not found.`);
    return found;
  });
  const allSchemas = async (req: FastifyRequest) =>
    schemas(baseUrl, await findCompanyCustomFields(db, ctxOf(req).companyId));
  app.get(`${p}/Schemas`, async (req) => {
    call(req, { operation: 'config.read' });
    const all = await allSchemas(req);
    return {
      schemas: [SCHEMA.list],
      totalResults: all.length,
      startIndex: 1,
      itemsPerPage: all.length,
      Resources: all,
    };
  });
  app.get<{ Params: Params }>(`${p}/Schemas/:id`, async (req) => {
    call(req, { operation: 'config.read' });
    const found = (await allSchemas(req)).find((s) => s.id === req.params.id);
    if (!found) throw scimError(404, undefined, `Schema ${req.params.id} not found.`);
    return found;
  });

  app.get<{ Querystring: Query }>(`${p}/Users`, async (req) => {
    call(req, { operation: 'users.list', resourceType: 'User', detail: req.query.filter });
    return listResponse(await listUsers(db, ctxOf(req), req.query), req.query);
  });
  app.get<{ Params: Params }>(`${p}/Users/:id`, async (req, reply) => {
    call(req, { operation: 'users.read', resourceType: 'User', resourceId: req.params.id });
    const resource = await getUser(db, ctxOf(req), req.params.id);
    note(req, resource, 'userName');
    return single(req, reply, resource);
  });
  app.post(`${p}/Users`, async (req, reply) => {
    call(req, { operation: 'users.create', resourceType: 'User', display: displayOf(req.body, 'userName') });
    const resource = await createUser(db, ctxOf(req), req.body);
    note(req, resource, 'userName');
    return single(req, reply, resource, 201);
  });
  app.put<{ Params: Params }>(`${p}/Users/:id`, async (req, reply) => {
    call(req, {
      operation: 'users.replace',
      resourceType: 'User',
      resourceId: req.params.id,
      display: displayOf(req.body, 'userName'),
    });
    const resource = await replaceUser(db, ctxOf(req), req.params.id, ifMatch(req), req.body);
    note(req, resource, 'userName');
    return single(req, reply, resource);
  });
  app.patch<{ Params: Params }>(`${p}/Users/:id`, async (req, reply) => {
    call(req, { operation: 'users.update', resourceType: 'User', resourceId: req.params.id });
    const resource = await patchUser(db, ctxOf(req), req.params.id, ifMatch(req), req.body);
    note(req, resource, 'userName');
    return single(req, reply, resource);
  });
  app.delete<{ Params: Params }>(`${p}/Users/:id`, async (req, reply) => {
    call(req, { operation: 'users.delete', resourceType: 'User', resourceId: req.params.id });
    await deleteUser(db, ctxOf(req), req.params.id, ifMatch(req));
    return reply.status(204).send();
  });

  const withMembers = (query: Query) =>
    !(list(query.excludedAttributes) ?? []).some((a) => a.toLowerCase() === 'members') &&
    (!query.attributes || (list(query.attributes) ?? []).some((a) => a.toLowerCase().startsWith('members')));
  app.get<{ Querystring: Query }>(`${p}/Groups`, async (req) => {
    call(req, { operation: 'groups.list', resourceType: 'Group', detail: req.query.filter });
    return listResponse(await listGroups(db, ctxOf(req), req.query, withMembers(req.query)), req.query);
  });
  app.get<{ Params: Params; Querystring: Query }>(`${p}/Groups/:id`, async (req, reply) => {
    call(req, { operation: 'groups.read', resourceType: 'Group', resourceId: req.params.id });
    const resource = await getGroup(db, ctxOf(req), req.params.id, withMembers(req.query));
    note(req, resource, 'displayName');
    return single(req, reply, resource);
  });
  app.post(`${p}/Groups`, async (req, reply) => {
    call(req, { operation: 'groups.create', resourceType: 'Group', display: displayOf(req.body, 'displayName') });
    const resource = await createGroup(db, ctxOf(req), req.body);
    note(req, resource, 'displayName');
    return single(req, reply, resource, 201);
  });
  app.put<{ Params: Params }>(`${p}/Groups/:id`, async (req, reply) => {
    call(req, { operation: 'groups.replace', resourceType: 'Group', resourceId: req.params.id });
    const resource = await replaceGroup(db, ctxOf(req), req.params.id, ifMatch(req), req.body);
    note(req, resource, 'displayName');
    return single(req, reply, resource);
  });
  app.patch<{ Params: Params }>(`${p}/Groups/:id`, async (req, reply) => {
    call(req, { operation: 'groups.update', resourceType: 'Group', resourceId: req.params.id });
    const resource = await patchGroup(db, ctxOf(req), req.params.id, ifMatch(req), req.body);
    note(req, resource, 'displayName');
    reply.header('etag', resource.meta.version);
    return reply.status(204).send();
  });
  app.delete<{ Params: Params }>(`${p}/Groups/:id`, async (req, reply) => {
    call(req, { operation: 'groups.delete', resourceType: 'Group', resourceId: req.params.id });
    await deleteGroup(db, ctxOf(req), req.params.id, ifMatch(req));
    return reply.status(204).send();
  });

  app.all(`${p}/*`, async (req) => {
    call(req, { operation: 'unknown' });
    throw scimError(404, undefined, `${req.method} ${req.url.split('?')[0]} is not a SCIM endpoint.`);
  });
}

function displayOf(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, 255) : undefined;
}
