import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiCall, setApiFailureHandlers, setCompanyHeader } from './api-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const handlers = { onServerError: vi.fn(), onUnauthenticated: vi.fn() };

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  handlers.onServerError = vi.fn();
  handlers.onUnauthenticated = vi.fn();
  setApiFailureHandlers(handlers);
  setCompanyHeader(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setApiFailureHandlers({});
  setCompanyHeader(null);
});

const headersOf = (call: number): Record<string, string> => {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit | undefined;
  return (init?.headers ?? {}) as Record<string, string>;
};

describe('X-Company-ID (spec §6)', () => {
  test('is sent on every call once a company is set, and never before', async () => {
    fetchMock.mockImplementation(async () => json(200, { data: { id: 1 } }));
    await apiCall('getCompany', { params: { id: 1 } });
    expect(headersOf(0)).not.toHaveProperty('X-Company-ID');
    setCompanyHeader(42);
    await apiCall('getCompany', { params: { id: 1 } });
    await apiCall('searchUsers', { query: { text: 'ab' } });
    expect(headersOf(1)['X-Company-ID']).toBe('42');
    expect(headersOf(2)['X-Company-ID']).toBe('42');
  });
});

describe('failures (spec §8)', () => {
  test('a 5xx goes to the server-error handler with its message, and still rejects for the caller', async () => {
    fetchMock.mockResolvedValue(json(500, { error: { message: 'Disk full.' } }));
    const call = apiCall('getMe');
    await expect(call).rejects.toMatchObject({ status: 500, message: 'Disk full.' });
    expect(handlers.onServerError).toHaveBeenCalledOnce();
    expect(handlers.onUnauthenticated).not.toHaveBeenCalled();
  });

  test('a 5xx without a readable body carries the fallback message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiCall('getMe')).rejects.toMatchObject({
      status: 502,
      message: 'An unexpected server error has occurred.',
    });
  });

  test("a 403 'unauthenticated' goes to the session handler; other 4xx only to the caller", async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: { message: 'unauthenticated' } }));
    await expect(apiCall('getMe')).rejects.toBeInstanceOf(ApiError);
    expect(handlers.onUnauthenticated).toHaveBeenCalledOnce();

    fetchMock.mockResolvedValueOnce(json(403, { error: { message: 'This action is unauthorized.' } }));
    fetchMock.mockResolvedValueOnce(json(422, { error: { message: 'Invalid.', details: { name: ['Required.'] } } }));
    await expect(apiCall('getMe')).rejects.toMatchObject({ status: 403 });
    await expect(apiCall('getMe')).rejects.toMatchObject({ status: 422, details: { name: ['Required.'] } });
    expect(handlers.onUnauthenticated).toHaveBeenCalledOnce();
    expect(handlers.onServerError).not.toHaveBeenCalled();
  });

  test('a top-level message (spec §3 error body) is read too', async () => {
    fetchMock.mockResolvedValue(json(404, { message: 'Gone.' }));
    await expect(apiCall('getMe')).rejects.toMatchObject({ status: 404, message: 'Gone.' });
  });
});
