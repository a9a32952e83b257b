import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  type KeyPair,
  assertionXml,
  idpMetadata,
  makeKeyPair,
  requestIdOf,
  responseXml,
  sign,
} from '../apps/api/test/support/saml-idp.ts';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
let context: BrowserContext;
let page: Page;
let idp: Server;
let keys: KeyPair;
let idpUrl: string;
let sp: { acs_url: string; sp_entity_id: string };

/** Whom the test IdP signs in next, as a real IdP's own session would know. */
let idpUser = '';

/**
 * A test IdP on its own port: it answers the SP's redirect with an auto-submitting form posting a
 * response signed by a key made for this run, for `idpUser`.
 */
function startIdp(): Promise<void> {
  idp = createServer((req, res) => {
    const url = new URL(req.url ?? '/', idpUrl);
    const email = idpUser;
    const id = requestIdOf(url.toString());
    const o = { acsUrl: sp.acs_url, audience: sp.sp_entity_id, inResponseTo: id, nameId: email, attributes: {} };
    const response = Buffer.from(sign(responseXml(o, assertionXml(o)), keys)).toString('base64');
    res.setHeader('content-type', 'text/html');
    res.end(
      `<form method="post" action="${sp.acs_url}"><input type="hidden" name="SAMLResponse" value="${response}"></form>` +
        '<script>document.forms[0].submit()</script>',
    );
  });
  return new Promise((resolve) =>
    idp.listen(0, '127.0.0.1', () => {
      idpUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/sso`;
      resolve();
    }),
  );
}

/** Acme's SSO through the test IdP, set by the site admin on the Single Sign On API. */
async function configureAcme(): Promise<void> {
  const admin = await chromium.browser.newContext({ baseURL: baseUrl });
  await admin.request.get('/api/csrf-cookie');
  const xsrf = async () =>
    decodeURIComponent((await admin.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  await admin.request.post('/api/v3/login', {
    data: { login: SITE_ADMIN.login, password: SITE_ADMIN.password },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  const companies = await (await admin.request.get('/api/v3/companies?per_page=100')).json();
  const acme = companies.data.find((c: { name: string }) => c.name.startsWith('Acme'));
  const metadata = idpMetadata(keys).replaceAll('https://idp.test/sso', idpUrl);
  const saved = await admin.request.put('/api/v3/saml/settings', {
    data: {
      enabled: true,
      idp_metadata: metadata,
      create_users: true,
      require_sso: false,
      allow_idp_initiated: false,
      email_domains: ['acme.test'],
    },
    headers: { 'x-xsrf-token': await xsrf(), 'x-company-id': String(acme.id) },
  });
  expect(saved.status()).toBe(200);
  sp = (await saved.json()).data;
  await admin.close();
}

beforeAll(async () => {
  keys = makeKeyPair('e2e-idp');
  sp = { acs_url: '', sp_entity_id: '' };
  await startIdp();
  await configureAcme();
});
afterAll(async () => {
  await new Promise((resolve) => idp?.close(resolve));
});

async function signInWithSso(email: string) {
  context = await chromium.newContext({ width: 1280, height: 800 });
  page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await page.getByLabel('Work e-mail').fill(email);
  // Told directly: page.route() never sees the IdP's address, which the browser reaches by a redirect.
  idpUser = email;
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('single sign-on through a SAML IdP', () => {
  test('lands a learner on My Courses', async () => {
    await signInWithSso(demoUser('acme', 'student').email);
    await page.waitForURL((url) => url.pathname === '/');
    const me = await (await page.request.get('/api/v3/me')).json();
    expect(me.data.username).toBe(demoUser('acme', 'student').login);
  });

  test('lands staff in the console', async () => {
    await signInWithSso(demoUser('acme', 'cm').email);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    const me = await (await page.request.get('/api/v3/me')).json();
    expect(me.data.username).toBe(demoUser('acme', 'cm').login);
  });

  test('sends a refused response back to the sign-in page with a notice', async () => {
    context = await chromium.newContext({ width: 1280, height: 800 });
    page = await context.newPage();
    // An unsolicited response (no request of ours) is refused while IdP-initiated sign-in is off.
    const o = {
      acsUrl: sp.acs_url,
      audience: sp.sp_entity_id,
      inResponseTo: null,
      nameId: 'x@acme.test',
      attributes: {},
    };
    const response = Buffer.from(sign(responseXml(o, assertionXml(o)), keys)).toString('base64');
    await page.setContent(
      `<form method="post" action="${sp.acs_url}"><input type="hidden" name="SAMLResponse" value="${response}"></form>`,
    );
    await Promise.all([page.waitForURL(/\/login\?sso_error=1/), page.evaluate(() => document.forms[0]!.submit())]);
    await page.getByText('Single sign-on did not succeed').waitFor();
  });
});
