import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from './support/client.ts';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
afterEach(async () => t.close());

async function staffMe(overrides: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(overrides);
  const acme = await createCompany(t.db, { name: 'Acme' });
  await createUser(t.db, { companyId: acme.id, role: 1, username: 'acme.cm' });
  const cm = await signedIn(t.app, 'acme.cm');
  return cm.get('/api/v3/me');
}

describe('the assistant chat widget configuration (spec §4)', () => {
  it('is absent from /me and from the console CSP when none is configured (the default)', async () => {
    const me = await staffMe();
    expect(me.json().data).not.toHaveProperty('assistant_widget');
    const page = await t.app.inject({ url: '/admin/users' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('is in /me, and its origin in the console CSP, when configured', async () => {
    const assistantWidget = { url: 'https://assist.example.test/widget.js', id: 'heed-demo' };
    const me = await staffMe({ assistantWidget });
    expect(me.json().data.assistant_widget).toEqual(assistantWidget);
    const page = await t.app.inject({ url: '/admin/users' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://assist.example.test;");
    expect(csp).toContain("frame-src 'self' https://assist.example.test");
    // The API's own answers never widen.
    expect(me.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
