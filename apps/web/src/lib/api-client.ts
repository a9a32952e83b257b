import {
  API_ERRORS,
  COMPANY_HEADER,
  CSRF_COOKIE,
  CSRF_HEADER,
  type Endpoint,
  type EndpointName,
  type EndpointRoute,
  type ErrorBody,
  MESSAGES,
  endpointRoutes,
  endpointUrl,
  type endpoints,
} from '@heed/contract';
import type { z } from 'zod';
import { callEnded, callStarted } from './api-activity.ts';

/** Field name → messages, as in a 422 body's `details`. */
export type FieldErrors = Record<string, string[]>;

/** The messages a 422's details give for the first of `keys` that has any, as one text; null when none. */
export const fieldErrorText = (details: FieldErrors | undefined, ...keys: string[]): string | null =>
  keys.flatMap((key) => details?.[key] ?? []).join(' ') || null;

/** A failed API call: the HTTP status (0 when the server could not be reached) and the spec's error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: FieldErrors = {},
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** A 403 whose message contains 'unauthenticated': the session is gone (spec §4 Session timeout). */
export const isUnauthenticated = (error: unknown): boolean =>
  isApiError(error, 403) && error.message.includes(API_ERRORS.unauthenticated);

/** What the app that uses this client does when a call fails in a way the caller cannot fix (spec §8). */
export interface ApiFailureHandlers {
  /** A 5xx answer. The caller still receives the error. */
  onServerError?: (error: ApiError) => void;
  /** A 403 'unauthenticated' answer. The caller still receives the error. */
  onUnauthenticated?: (error: ApiError) => void;
}

let failureHandlers: ApiFailureHandlers = {};
let companyHeader: string | null = null;

/** The console installs its notices and the session-timeout dialog here; the learner side installs none. */
export function setApiFailureHandlers(handlers: ApiFailureHandlers): void {
  failureHandlers = handlers;
}

/**
 * The company every following call acts on, sent as X-Company-ID (spec §6), or null for the user's own.
 * Only the console sets it, and only for site admins: anyone else naming a company is refused.
 */
export function setCompanyHeader(companyId: number | null): void {
  companyHeader = companyId === null ? null : String(companyId);
}

export const getCompanyHeader = (): string | null => companyHeader;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** A request part is required when its schema has required fields, optional when all are optional, absent without schema. */
type Part<K extends string, S> = [S] extends [z.ZodType]
  ? {} extends InputOf<S>
    ? { [P in K]?: InputOf<S> }
    : { [P in K]: InputOf<S> }
  : { [P in K]?: never };

export type RequestOf<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']> & { signal?: AbortSignal };

export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : undefined;

type EndpointOf<N extends EndpointName> = (typeof endpoints)[N];

type Args<E extends Endpoint> = {} extends RequestOf<E> ? [request?: RequestOf<E>] : [request: RequestOf<E>];

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

/** Asks the server for the XSRF-TOKEN cookie (of the session, or an anonymous one for the sign-in form). */
async function refreshCsrfCookie(): Promise<void> {
  await fetch(endpointUrl(endpointRoutes.csrfCookie), { credentials: 'same-origin' });
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Whether a body is the contract's `errorBody`. Checked by hand, not with the zod schema, so that the
 * console's first chunk carries no zod (decision 023).
 */
function isErrorBody(json: unknown): json is ErrorBody {
  const error = (json as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return false;
  const { message, details } = error as { message?: unknown; details?: unknown };
  if (typeof message !== 'string') return false;
  if (details === undefined) return true;
  return (
    typeof details === 'object' &&
    details !== null &&
    !Array.isArray(details) &&
    Object.values(details).every(isStringList)
  );
}

/** The spec's error body (error.message, error.details), or a top-level message (spec §3). */
async function toApiError(response: Response): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => null);
  if (isErrorBody(json)) return new ApiError(response.status, json.error.message, json.error.details);
  const topLevel = (json as { message?: unknown } | null)?.message;
  return new ApiError(response.status, typeof topLevel === 'string' ? topLevel : MESSAGES.unexpectedServerError);
}

/** 5xx and lost sessions are reported to the app's handlers; every error still goes to the caller. */
function report(error: ApiError): ApiError {
  if (error.status >= 500) failureHandlers.onServerError?.(error);
  else if (isUnauthenticated(error)) failureHandlers.onUnauthenticated?.(error);
  return error;
}

async function send(endpoint: EndpointRoute, url: string, body: unknown, signal: AbortSignal | undefined) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (companyHeader) headers[COMPANY_HEADER] = companyHeader;
  if (endpoint.method !== 'GET') {
    if (readCookie(CSRF_COOKIE) === undefined) await refreshCsrfCookie();
    const token = readCookie(CSRF_COOKIE);
    if (token !== undefined) headers[CSRF_HEADER] = token;
  }
  try {
    return await fetch(url, {
      method: endpoint.method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Heed could not be reached. Check your connection and try again.');
  }
}

interface RawRequest {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

async function call(endpoint: EndpointRoute, { params, query, body, signal }: RawRequest): Promise<unknown> {
  const url = endpointUrl(endpoint, params) + toQueryString(query);
  let response = await send(endpoint, url, body, signal);
  if (response.status === 419 && endpoint.method !== 'GET') {
    // A stale XSRF-TOKEN (after sign-out, or a session that ended): the server refused the call
    // before doing anything, so it is safe to fetch a fresh token and send it once more.
    await refreshCsrfCookie();
    response = await send(endpoint, url, body, signal);
  }
  if (!response.ok) throw report(await toApiError(response));
  if (response.status === 204) return undefined;
  return response.json();
}

/**
 * Calls a contract endpoint by name: URL from its route (`endpointRoutes`), cookies, the CSRF header on mutating calls,
 * X-Company-ID when a company is chosen; the global spinner shows while it runs. Resolves with the
 * response body; rejects with an ApiError (5xx and lost sessions are also reported, see
 * setApiFailureHandlers).
 */
export async function apiCall<N extends EndpointName>(
  name: N,
  ...[request]: Args<EndpointOf<N>>
): Promise<ResponseOf<EndpointOf<N>>> {
  callStarted();
  try {
    return (await call(endpointRoutes[name], (request ?? {}) as RawRequest)) as ResponseOf<EndpointOf<N>>;
  } finally {
    callEnded();
  }
}
