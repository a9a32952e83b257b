import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import { submitSignIn } from './support/browser.ts';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import { type RunningHeed, startHeed } from './support/server.ts';
import { apiFromPage, consoleReady, signInToConsole } from './support/shell.ts';

const baseUrl = inject('baseUrl');
const chromium = useChromium();
let context: BrowserContext;
let page: Page;

/** A real 96×32 PNG (a filled rectangle), built here so that the test needs no fixture file. */
function logoPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const [w, h] = [96, 32];
  const raw = Buffer.alloc((w * 3 + 1) * h, 0x22);
  for (let y = 0; y < h; y++) raw[y * (w * 3 + 1)] = 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeEach(async () => {
  context = await chromium.newContext({ width: 1440 });
  page = await context.newPage();
});

describe('onboarding a client company', () => {
  test('a site admin creates a company by copying another, uploads a logo, sees it in the header and on the learner side', async () => {
    await signInToConsole(page, SITE_ADMIN, '/admin/settings/company/new');
    const name = `Northwind ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Department label').fill('Site');
    // A Mantine Select: its list of options is labelled by the field's label too.
    const copyFrom = page.getByRole('combobox', { name: 'Copy from' });
    await copyFrom.click();
    await copyFrom.fill('Acme');
    await page.getByRole('option', { name: 'Acme Manufacturing' }).click();
    await expect.poll(() => page.getByLabel('Departments (the whole tree)').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create company' }).click();

    // The console switches to the new company and opens its Edit Company page.
    await page.waitForURL('**/admin/settings/company');
    await consoleReady(page);
    await expect.poll(() => page.getByTestId('company-selector').textContent()).toContain(name);
    // The site admin now acts on the new company: the console sends its id on every call (spec §6).
    const companyId = await page.evaluate(() => sessionStorage.getItem('heed.company') ?? '');
    const asNewCompany = { 'X-Company-ID': companyId };
    const departments = await apiFromPage<{ data: { name: string }[] }>(
      page,
      'GET',
      '/departments',
      undefined,
      asNewCompany,
    );
    expect(departments.json.data.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('side-nav').textContent()).toContain('Sites');

    // File Management: drop a logo.
    await page.goto('/admin/settings/file-management');
    await page.getByTestId('asset-dropzone').waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'northwind.png', mimeType: 'image/png', buffer: logoPng() });
    await page.getByRole('table', { name: 'Files' }).getByText('northwind.png').waitFor();

    // Edit Company: choose it and a colour; the header shows both after saving.
    await page.goto('/admin/settings/company');
    await page.getByRole('button', { name: 'Logo northwind.png' }).click();
    await page.getByLabel('Primary colour').fill('#0f766e');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('company-logo').waitFor();
    expect(await page.getByTestId('company-logo').getAttribute('alt')).toBe(`${name} logo`);

    // A learner of the company sees the logo on the learner side.
    const username = `northwind.learner.${Date.now()}`;
    const created = await apiFromPage<{ data: { id: number } }>(
      page,
      'POST',
      '/users',
      // Acme's custom fields came along, its required Employee ID among them.
      {
        username,
        first_name: 'Nia',
        last_name: 'North',
        role: 0,
        password: 'northwind-learner-1',
        custom_fields: { employee_id: 'NW-0001' },
      },
      asNewCompany,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const learner = await chromium.newContext();
    const learnerPage = await learner.newPage();
    await learnerPage.goto('/login');
    await submitSignIn(learnerPage, username, 'northwind-learner-1');
    const logo = learnerPage.getByRole('img', { name });
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await learner.close();
  });
});

describe('the assistant chat widget (spec §4)', () => {
  test('loads nothing without a configuration', async () => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/users');
    expect(await page.locator('#heed-assistant-widget-loader, #heed-assistant-widget').count()).toBe(0);
    expect(requests.filter((url) => !url.startsWith(baseUrl))).toEqual([]);
  });

  describe('with a test configuration', () => {
    let widgetServer: Server;
    let heed: RunningHeed;
    let widgetHits = 0;

    beforeAll(async () => {
      widgetServer = createServer((_req, res) => {
        widgetHits += 1;
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end('window.__heedAssistantLoaded = (window.__heedAssistantLoaded || 0) + 1;');
      });
      await new Promise<void>((resolve) => widgetServer.listen(0, '127.0.0.1', resolve));
      const { port } = widgetServer.address() as AddressInfo;
      heed = await startHeed({
        ASSISTANT_WIDGET_URL: `http://127.0.0.1:${port}/widget.js`,
        ASSISTANT_WIDGET_ID: 'e2e',
      });
    }, 180_000);
    afterAll(async () => {
      await heed?.stop();
      await new Promise((resolve) => widgetServer?.close(resolve));
    });

    test('loads on console pages, never on course pages', async () => {
      const widgetContext = await chromium.newContext({ width: 1440 }, heed.url);
      const widgetPage = await widgetContext.newPage();
      await signInToConsole(widgetPage, SITE_ADMIN, '/admin/settings/courses');
      expect(await widgetPage.locator('#heed-assistant-widget-loader').count()).toBe(0);
      expect(widgetHits).toBe(0);

      await widgetPage.getByTestId('side-nav').getByRole('link', { name: 'Users' }).click();
      await widgetPage.waitForFunction(
        () => (window as { __heedAssistantLoaded?: number }).__heedAssistantLoaded === 1,
      );
      expect(await widgetPage.locator('#heed-assistant-widget').getAttribute('data-assistant-id')).toBe('e2e');

      await widgetPage.getByTestId('side-nav').getByRole('link', { name: 'Courses' }).click();
      await widgetPage.waitForFunction(() => document.documentElement.dataset.assistantWidget === 'hidden');
      expect(await widgetPage.locator('#heed-assistant-widget').isHidden()).toBe(true);
      expect(widgetHits).toBe(1);
      await widgetContext.close();
    });
  });
});
