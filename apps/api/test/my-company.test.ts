import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { CANARY, type World, clientFor, createWorld } from './support/world.ts';

// GET /my/company: the learner side's branding, the caller's own company only.

let t: TestApp;
let world: World;
let student: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db, t.dataDir);
  student = await clientFor(t, 'student');
});
afterAll(async () => t.close());

describe('GET /my/company', () => {
  it("gives a learner their company's name and newest logo, which they may then load", async () => {
    const response = await student.get('/api/v3/my/company');
    expect(response.statusCode, response.body).toBe(200);
    const company = response.json().data;
    expect(company).toEqual({
      id: world.companyA,
      name: 'Alpha Corp',
      logo_url: expect.any(String),
      primary_color: null,
    });
    expect(company.logo_url).toBe(`/api/v3/companies/assets/file?path=${encodeURIComponent(world.assetPathA)}`);
    const logo = await student.get(company.logo_url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
  });

  it('never reads the company a header names, and says null when there is no logo', async () => {
    await t.db.deleteFrom('assets').where('company_id', '=', world.companyA).execute();
    const response = await student.get('/api/v3/my/company', { headers: { 'x-company-id': String(world.companyB) } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      id: world.companyA,
      name: 'Alpha Corp',
      logo_url: null,
      primary_color: null,
    });
    expect(response.body).not.toContain(CANARY);
  });
});
