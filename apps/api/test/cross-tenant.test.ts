import { endpoints } from '@heed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX } from './access-matrix.ts';
import type { TestClient } from './support/client.ts';
import { type Actor, CANARY, type World, clientFor, createWorld } from './support/world.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let w: World;
const clients = new Map<Actor, TestClient>();
const A_ACTORS: Actor[] = ['student', 'reviewer', 'dm', 'cm'];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db, t.dataDir);
  for (const actor of A_ACTORS) clients.set(actor, await clientFor(t, actor));
});
afterAll(async () => t.close());

/** Values of X-Company-ID a user of company A may try; only "absent", A and "" act on A. */
const headerVariants = (world: World): [string, string | undefined, 'own' | 'refused'][] => [
  ['absent', undefined, 'own'],
  ['A', String(world.companyA), 'own'],
  ['empty', '', 'own'],
  ['B', String(world.companyB), 'refused'],
  ['0', '0', 'refused'],
  ['-1', '-1', 'refused'],
  ['A,B', `${world.companyA},${world.companyB}`, 'refused'],
];

const companyScoped = Object.entries(endpoints).filter(
  ([, e]) => e.access.kind === 'role' || e.access.kind === 'siteAdmin',
);

describe('X-Company-ID from a user of company A', () => {
  for (const actor of A_ACTORS) {
    it(`${actor}: naming any company but A is refused on every company-scoped endpoint, and B's data never shows`, async () => {
      const client = clients.get(actor)!;
      for (const [label, value, outcome] of headerVariants(w)) {
        for (const [name, endpoint] of companyScoped) {
          const request = ACCESS_MATRIX[name as keyof typeof ACCESS_MATRIX].request(w, actor, 'own', 0);
          const headers = { ...(request.headers ?? {}) };
          if (value === undefined) delete headers['x-company-id'];
          else headers['x-company-id'] = value;
          const response = await client.request(endpoint.method, request.url, { body: request.body, headers });
          expect(response.body, `${actor} ${name} with ${label}`).not.toContain(CANARY);
          if (outcome === 'refused') expect(response.statusCode, `${actor} ${name} with ${label}`).toBe(403);
          else expect(response.statusCode, `${actor} ${name} with ${label}`).toBeLessThan(500);
        }
      }
    });
  }
});

describe("company B's records, asked for by a user of company A", () => {
  it('by id answers exactly like an id that does not exist', async () => {
    for (const actor of ['reviewer', 'dm', 'cm'] as Actor[]) {
      const client = clients.get(actor)!;
      for (const path of ['/api/v3/users/{id}', '/api/v3/companies/{id}']) {
        const bId = path.includes('users') ? w.users['b.student']! : w.companyB;
        const foreign = await client.get(path.replace('{id}', String(bId)));
        const missing = await client.get(path.replace('{id}', '999999'));
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).toBe(missing.body);
      }
    }
  });

  it('by filter finds nothing', async () => {
    for (const actor of ['reviewer', 'dm', 'cm'] as Actor[]) {
      const client = clients.get(actor)!;
      const queries = [
        `/api/v3/users?field[user_id]=${w.users['b.student']}`,
        `/api/v3/users?field[department_id]=${w.departmentB}`,
        `/api/v3/users?text=${CANARY}`,
        `/api/v3/users/all?text=${CANARY}`,
        '/api/v3/users/all?text=learner',
      ];
      for (const url of queries) {
        const response = await client.get(url);
        expect(response.body, `${actor} ${url}`).not.toContain(CANARY);
        if (response.statusCode === 200) expect(response.json().data, `${actor} ${url}`).toEqual([]);
        else expect(response.statusCode).toBe(422);
      }
    }
  });

  it('in nested bodies is refused like a missing id, and nothing is written', async () => {
    for (const actor of ['dm', 'cm'] as Actor[]) {
      const client = clients.get(actor)!;
      const base = { first_name: 'Nested', last_name: 'Ref', department_id: w.departmentA1 };
      for (const [field, foreignId] of [
        ['department_id', w.departmentB],
        ['manager_id', w.users['b.cm']!],
      ] as const) {
        const foreign = await client.post('/api/v3/users', {
          ...base,
          username: `nested.${actor}.${field}`,
          [field]: foreignId,
        });
        const missing = await client.post('/api/v3/users', {
          ...base,
          username: `nested.${actor}.${field}`,
          [field]: 999_999,
        });
        expect(foreign.statusCode, `${actor} ${field}`).toBe(missing.statusCode);
        expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
        expect(foreign.body).not.toContain(CANARY);
        const update = await client.put(`/api/v3/users/${w.users['a.student']}`, { [field]: foreignId });
        expect(update.statusCode).toBeGreaterThanOrEqual(400);
      }
      const written = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', 'like', `nested.${actor}.%`)
        .execute();
      expect(written).toEqual([]);
      const student = await t.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', w.users['a.student']!)
        .executeTakeFirstOrThrow();
      expect([student.department_id, student.manager_id]).toEqual([w.departmentA1, null]);
    }
  });

  it('as an asset path is not found', async () => {
    const client = clients.get('cm')!;
    const response = await client.delete(`/api/v3/companies/assets?path=${encodeURIComponent(w.assetPathB)}`);
    expect(response.statusCode).toBe(404);
    const still = await t.db.selectFrom('assets').select('id').where('path', '=', w.assetPathB).execute();
    expect(still).toHaveLength(1);
  });
});
