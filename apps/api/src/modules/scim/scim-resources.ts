import { createHash } from 'node:crypto';
import type { ScimGroupRow } from './scim-groups.repository.ts';
import type { ScimUserRow } from './scim-users.repository.ts';

export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  heed: 'urn:ietf:params:scim:schemas:extension:heed:2.0:User',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
} as const;

export type ScimResource = Record<string, unknown> & {
  id: string;
  meta: { version: string } & Record<string, unknown>;
};

/** A weak ETag of the resource's content (meta aside): any change to what a client sees changes it. */
export function versionOf(resource: Record<string, unknown>): string {
  const { meta: _meta, ...content } = resource;
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22)}"`;
}

function withMeta(resource: Record<string, unknown>, meta: Record<string, unknown>): ScimResource {
  return { ...resource, meta: { ...meta, version: versionOf(resource) } } as ScimResource;
}

export function toScimUser(row: ScimUserRow, custom: Record<string, string | null> | undefined, baseUrl: string) {
  const id = String(row.id);
  const extension: Record<string, unknown> = {};
  if (row.hired_at) extension.hiredAt = row.hired_at;
  for (const [key, value] of Object.entries(custom ?? {})) if (value !== null) extension[key] = value;
  const enterprise: Record<string, unknown> = {};
  if (row.department_name) enterprise.department = row.department_name;
  if (row.manager_id)
    enterprise.manager = { value: String(row.manager_id), $ref: `${baseUrl}/Users/${row.manager_id}` };
  const resource: Record<string, unknown> = {
    schemas: [SCHEMA.user, SCHEMA.enterprise, SCHEMA.heed],
    id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.username,
    name: { givenName: row.first_name, familyName: row.last_name, formatted: `${row.first_name} ${row.last_name}` },
    displayName: `${row.first_name} ${row.last_name}`,
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : [],
    phoneNumbers: row.phone ? [{ value: row.phone, type: 'work', primary: true }] : [],
    active: row.suspended === 0,
    groups: row.department_id
      ? [
          {
            value: String(row.department_id),
            display: row.department_name,
            $ref: `${baseUrl}/Groups/${row.department_id}`,
          },
        ]
      : [],
    [SCHEMA.enterprise]: enterprise,
    [SCHEMA.heed]: extension,
  };
  return withMeta(resource, {
    resourceType: 'User',
    created: row.created_at,
    lastModified: row.updated_at,
    location: `${baseUrl}/Users/${id}`,
  });
}

/**
 * What the audit log keeps of a user SCIM wrote: the user's fields under the names the other user
 * audits use (users-bulk-audit), without SCIM's envelope (schemas, links, meta, derived names). The
 * same facts in a third of the text, which the audit's text-search index pays for on every entry.
 */
export function auditedUser(user: ScimResource) {
  const name = user.name as { givenName: string; familyName: string };
  const enterprise = (user[SCHEMA.enterprise] ?? {}) as { department?: string; manager?: { value: string } };
  const { hiredAt, ...custom } = (user[SCHEMA.heed] ?? {}) as Record<string, unknown>;
  const first = (list: unknown) => (list as { value: string }[] | undefined)?.[0]?.value ?? null;
  return {
    id: user.id,
    username: user.userName,
    email: first(user.emails),
    first_name: name.givenName,
    last_name: name.familyName,
    phone: first(user.phoneNumbers),
    hired_at: hiredAt ?? null,
    suspended: user.active !== true,
    department: enterprise.department ?? null,
    manager_id: enterprise.manager?.value ?? null,
    external_id: user.externalId ?? null,
    custom_fields: custom,
  };
}

export interface Member {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

export function toScimGroup(row: ScimGroupRow, members: Member[] | null, baseUrl: string) {
  const id = String(row.id);
  const resource: Record<string, unknown> = {
    schemas: [SCHEMA.group],
    id,
    displayName: row.name,
    ...(members === null
      ? {}
      : {
          members: members.map((m) => ({
            value: String(m.id),
            display: `${m.first_name} ${m.last_name}`,
            $ref: `${baseUrl}/Users/${m.id}`,
          })),
        }),
  };
  return withMeta(resource, {
    resourceType: 'Group',
    created: row.created_at,
    lastModified: row.updated_at,
    location: `${baseUrl}/Groups/${id}`,
  });
}

/**
 * `attributes` / `excludedAttributes` (RFC 7644 §3.9) on a resource's top-level attributes and their
 * sub-attributes; id, schemas and meta are always returned.
 */
export function project(resource: ScimResource, attributes: string[] | null, excluded: string[] | null) {
  const always = new Set(['id', 'schemas', 'meta']);
  const key = (name: string) => name.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '');
  if (attributes && attributes.length > 0) {
    const wanted = attributes.map(key);
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(resource)) {
      const lower = name.toLowerCase();
      if (always.has(name) || wanted.includes(lower)) out[name] = value;
      else {
        const subs = wanted.filter((w) => w.startsWith(`${lower}.`)).map((w) => w.slice(lower.length + 1));
        if (subs.length > 0 && value && typeof value === 'object' && !Array.isArray(value)) {
          out[name] = Object.fromEntries(Object.entries(value).filter(([k]) => subs.includes(k.toLowerCase())));
        }
      }
    }
    return out;
  }
  if (excluded && excluded.length > 0) {
    const dropped = new Set(excluded.map(key));
    return Object.fromEntries(
      Object.entries(resource).filter(([name]) => always.has(name) || !dropped.has(name.toLowerCase())),
    );
  }
  return resource;
}
