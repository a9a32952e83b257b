import { type APIRequestContext, request } from 'playwright-core';

export type SignedInApi = APIRequestContext & { csrf: () => Promise<string> };

/** A signed-in API client against the running server (its own cookies); `csrf()` gives the header's token. */
export async function apiAs(baseUrl: string, login: string, password: string): Promise<SignedInApi> {
  const api = await request.newContext({ baseURL: baseUrl });
  const csrf = async (): Promise<string> => {
    const state = await api.storageState();
    const token = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    if (token !== undefined) return decodeURIComponent(token);
    await api.get('/api/csrf-cookie');
    return csrf();
  };
  const signedIn = await api.post('/api/v3/login', {
    data: { login, password },
    headers: { 'X-XSRF-TOKEN': await csrf() },
  });
  if (!signedIn.ok()) throw new Error(`sign-in of ${login}: ${signedIn.status()} ${await signedIn.text()}`);
  return Object.assign(api, { csrf });
}

/** The `data` of a successful answer; a failed one throws with its status and body. */
export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}
