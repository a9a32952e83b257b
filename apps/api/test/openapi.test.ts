import { endpointUrl, endpoints } from '@heed/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCompany, createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An endpoint's path as the document lists it, every `{param}` kept (`/api/v3/users/{id}/assignments/{assignmentId}`). */
const documentedPath = (endpoint: Parameters<typeof endpointUrl>[0]) =>
  decodeURIComponent(
    endpointUrl(endpoint, Object.fromEntries([...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([p, name]) => [name, p]))),
  );

it('publishes an OpenAPI document with every endpoint of the contract and its schemas', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const doc = response.json();
  expect(doc.openapi).toMatch(/^3\./);
  for (const endpoint of Object.values(endpoints)) {
    const path = documentedPath(endpoint);
    const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
    expect(operation, `${endpoint.method} ${path}`).toBeDefined();
    expect(operation.summary).toBe(endpoint.summary);
  }
  const login = doc.paths['/api/v3/login'].post;
  expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
    expect.arrayContaining(['login', 'password']),
  );
});

it('is public (decision 048) and holds the contract only, no data of the instance', async () => {
  const company = await createCompany(t.db, { name: 'Quietly Secret Holdings' });
  await createUser(t.db, { companyId: company.id, role: 1, username: 'hidden.manager' });
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toContain('Quietly Secret Holdings');
  expect(response.body).not.toContain('hidden.manager');
});

it('is also a readable page at /api/docs: every endpoint with its access rule, and nothing that could run', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  expect(response.body).not.toContain('<script');
  for (const endpoint of Object.values(endpoints)) {
    const path = documentedPath(endpoint);
    expect(response.body).toContain(`<code>${path}</code>`);
  }
  expect(response.body).toContain('Access: no sign-in');
  expect(response.body).toContain('Access: Department Manager or higher');
  expect(response.body).toContain('Access: site admin');
});
