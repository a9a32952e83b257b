import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_PASSWORD } from './factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser-like API client over `app.inject`: keeps cookies, sends the XSRF token back in
 * X-XSRF-TOKEN like the console does, and optionally an X-Company-ID header.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  companyId: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  get csrfToken(): string | undefined {
    const value = this.cookies.get('XSRF-TOKEN');
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('heed_session');
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(
    method: Method,
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean; query?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (method !== 'GET' && options.csrf !== false && this.csrfToken && headers['x-xsrf-token'] === undefined) {
      headers['x-xsrf-token'] = this.csrfToken;
    }
    if (this.companyId !== undefined && headers['x-company-id'] === undefined) headers['x-company-id'] = this.companyId;
    const inject: InjectOptions = {
      method,
      url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(options.query ? { query: options.query } : {}),
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    };
    const response = await this.app.inject(inject);
    this.remember(response);
    return response;
  }

  get(url: string, options?: Parameters<TestClient['request']>[2]) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) {
    return this.request('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) {
    return this.request('PUT', url, { ...options, body });
  }
  delete(url: string, options?: Parameters<TestClient['request']>[2]) {
    return this.request('DELETE', url, options);
  }

  /** Fetches the CSRF cookie and signs in; throws unless the sign-in succeeds. */
  async signIn(login: string, password = TEST_PASSWORD): Promise<this> {
    await this.get('/api/csrf-cookie');
    const response = await this.post('/api/v3/login', { login, password });
    if (response.statusCode !== 200)
      throw new Error(`sign-in of ${login} failed: ${response.statusCode} ${response.body}`);
    return this;
  }
}

export async function signedIn(app: FastifyInstance, login: string, password?: string): Promise<TestClient> {
  return new TestClient(app).signIn(login, password);
}
