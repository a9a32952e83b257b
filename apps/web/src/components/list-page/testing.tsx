import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../lib/theme.ts';

// Test support for list pages: the API mocked at the api client's boundary (global fetch) and a
// page rendered at a URL with a real router, so tests can read the address it keeps.

// A whole page with Mantine under jsdom renders slowly on a busy machine; wait longer than 1 s for it.
configure({ asyncUtilTimeout: 5000 });

export interface ApiCall {
  method: string;
  /** e.g. /api/v3/users */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A promise that never settles unless the call is cancelled, then rejects like fetch does. */
export function pendingUntilAborted(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

/**
 * Replaces fetch with `handler` and records every call. A call the handler does not answer
 * (returns undefined) fails the test loudly with a 599.
 */
export function mockApi(handler: (call: ApiCall) => Response | Promise<Response> | undefined) {
  const calls: ApiCall[] = [];
  // Mutating calls send the XSRF token from this cookie (lib/api-client).
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://heed.test');
    const call: ApiCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return (await handler(call)) ?? json({ error: { message: `unmocked ${call.method} ${call.path}` } }, 599);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls of one method and path, in order. */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

/**
 * Renders `element` at `url` under a memory router on `routePath`, with a fresh query client (no
 * retries) unless one is given (a route's prefetch into it, say).
 */
export function renderAt(url: string, element: ReactElement, routePath = '/users', queryClient = testQueryClient()) {
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [url] });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications transitionDuration={0} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...view,
    router,
    queryClient,
    /** The address the page shows now (path and query, decoded for readability). */
    address: () => decodeURIComponent(router.state.location.pathname + router.state.location.search),
  };
}
