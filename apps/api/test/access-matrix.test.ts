import { endpoints } from '@heed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, type Target } from './access-matrix.ts';
import type { TestClient } from './support/client.ts';
import { ACTORS, type Actor, CANARY, type World, clientFor, createWorld } from './support/world.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

let t: TestApp;
let world: World;
const clients = new Map<Actor, TestClient>();

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db, t.dataDir);
  for (const actor of ACTORS) clients.set(actor, await clientFor(t, actor));
});
afterAll(async () => t.close());

describe('access matrix', () => {
  it('has a row for every endpoint of the contract, and none for endpoints that do not exist', () => {
    expect(Object.keys(ACCESS_MATRIX).sort()).toEqual(Object.keys(endpoints).sort());
  });

  let n = 0;
  for (const [name, endpoint] of Object.entries(endpoints)) {
    for (const target of ['own', 'other'] as Target[]) {
      it(`${endpoint.method} ${endpoint.path} (${target} company) answers each caller as listed`, async () => {
        const row = ACCESS_MATRIX[name as keyof typeof ACCESS_MATRIX];
        const actual: Record<string, number> = {};
        const expected: Record<string, number> = {};
        for (const [index, actor] of ACTORS.entries()) {
          const request = row.request(world, actor, target, ++n);
          const client = request.fresh ? await clientFor(t, actor) : clients.get(actor)!;
          const response = await client.request(endpoint.method, request.url, {
            body: request.body,
            headers: request.headers,
          });
          actual[actor] = response.statusCode;
          expected[actor] = row[target][index]!;
          if (actor !== 'siteAdmin') expect(response.body, `${actor} saw company B's data`).not.toContain(CANARY);
        }
        expect(actual).toEqual(expected);
      });
    }
  }
});
