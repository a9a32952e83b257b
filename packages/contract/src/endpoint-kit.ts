import { ROLE, type RoleId } from './roles.ts';

// What every domain's endpoint tables are built from (decision 023). Like the domains' endpoint-routes.ts
// files, this module imports no zod and no schema: the console's first chunk loads it.

/**
 * Who may call an endpoint. The server enforces it before the handler runs; the console reads it
 * for convenience only.
 * - public: no session needed
 * - session: any signed-in user, learners included
 * - role: a console role at or above `minRole` (spec §5 ranks)
 * - siteAdmin: the site_admin flag
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'role'; minRole: RoleId }
  | { kind: 'siteAdmin' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where an endpoint is and who may call it: all a client needs to make the call. */
export interface EndpointRoute {
  method: HttpMethod;
  /** Path below /api/v3 (or /api when `unversioned`), with `{param}` placeholders. */
  path: string;
  unversioned?: boolean;
  access: Access;
  /** Multipart bodies are parsed by the handler, not by a schema. */
  multipart?: boolean;
  /** Status of a successful call. */
  status?: number;
}

/** The access rules the domains' routes share. */
export const reviewer = { kind: 'role', minRole: ROLE.Reviewer } as const;
export const departmentManager = { kind: 'role', minRole: ROLE.DepartmentManager } as const;
export const companyManager = { kind: 'role', minRole: ROLE.CompanyManager } as const;
export const siteAdmin = { kind: 'siteAdmin' } as const;

/** `/users/{id}` → `/api/v3/users/7` */
export function endpointUrl(endpoint: EndpointRoute, params: Record<string, string | number> = {}): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key])));
  return `/api${endpoint.unversioned ? '' : '/v3'}${path}`;
}

type Joined<T extends readonly object[]> = T extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? First & Joined<Rest>
  : unknown;

/** The names that more than one of the tables holds. */
type SharedNames<T extends readonly object[], Seen = never> = T extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? (keyof First & Seen) | SharedNames<Rest, Seen | keyof First>
  : never;

/**
 * The domains' tables as one, their entries in the tables' order. An endpoint name two domains both use
 * is a compile error (the result's type names it instead of the endpoints) and throws, where a spread
 * would silently keep the last one.
 */
export function joinDomains<T extends readonly object[]>(
  ...tables: T
): [SharedNames<T>] extends [never]
  ? { [N in keyof Joined<T>]: Joined<T>[N] }
  : { 'endpoint names used by two domains': SharedNames<T> } {
  const joined: Record<string, unknown> = {};
  for (const table of tables)
    for (const [name, entry] of Object.entries(table)) {
      if (Object.hasOwn(joined, name)) throw new Error(`Endpoint ${name} is in two domains' tables`);
      joined[name] = entry;
    }
  return joined as never;
}
