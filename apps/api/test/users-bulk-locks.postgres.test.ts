import type { UserBulkAction } from '@heed/contract';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockCandidates } from '../src/modules/users/users-bulk.repository.ts';
import type { BulkPlan } from '../src/modules/users/users-bulk.rules.ts';
import { createSession } from '../src/platform/session.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { type BulkFixture, createBulkFixture } from './users-bulk.fixture.ts';

let t: TestApp;
let f: BulkFixture;

beforeEach(async () => {
  t = await createTestApp();
  f = await createBulkFixture(t);
});
afterEach(async () => t.close());

const planOf = (action: UserBulkAction): BulkPlan => ({
  action,
  companyId: f.company,
  actor: { id: f.ids.cm!, role: 1, site_admin: 0 },
  impersonatorId: null,
  ip: null,
  criteria: { companyId: f.company, scope: null },
  excludedIds: [],
});

/** Signs Bob in on another connection while a chunk holds its lock on him; fails if it has to wait. */
async function signInDuringChunk(action: UserBulkAction) {
  const bob = f.ids.bob!;
  await t.db.transaction().execute(async (chunk) => {
    expect(await lockCandidates(chunk, t.dialect, planOf(action), [bob])).toHaveLength(1);
    await t.db.transaction().execute(async (other) => {
      await sql`SET LOCAL lock_timeout = '300ms'`.execute(other);
      await createSession(other, { userId: bob, impersonatorId: null, ip: null, userAgent: null, now: new Date() });
    });
  });
}

// SQLite runs one writer at a time, so only PostgreSQL has row locks to compare: the suite on
// SQLite leaves `*.postgres.test.ts` files out (vitest.config.ts).
describe('bulk chunk row locks (PostgreSQL)', () => {
  it('lets the users of a chunk that changes them sign in meanwhile', async () => {
    for (const action of ['deactivate', 'change_role', 'send_password_reset'] as const) {
      await expect(signInDuringChunk(action)).resolves.toBeUndefined();
    }
  });

  it('holds up new rows pointing at users a chunk deletes until it commits', async () => {
    await expect(signInDuringChunk('delete')).rejects.toThrow(/lock timeout/);
  });
});
