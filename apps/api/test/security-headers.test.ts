import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
/** The same app served over HTTPS (`COOKIE_SECURE=1`). */
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  https = await createTestApp({ cookieSecure: true });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/v3/me'],
    ['an unknown API path', '/api/v3/nowhere'],
    ['the CSRF cookie', '/api/csrf-cookie'],
  ])(
    'are the strict JSON set with %s: nothing may run, be framed, sniffed or read cross-origin',
    async (_label, url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );

  it.each([
    ['the console', '/admin'],
    ['the sign-in page', '/login'],
    ['an unknown page', '/nowhere'],
  ])("are helmet's document set with %s", async (_label, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['an API answer', '/api/v3/me'],
    ['the console', '/admin'],
  ])('pin browsers to HTTPS with %s only when Heed is served over HTTPS', async (_label, url) => {
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const secure = await https.app.inject({ method: 'GET', url });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    if (url === '/admin')
      expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
