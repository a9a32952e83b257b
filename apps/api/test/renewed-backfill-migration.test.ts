import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { migrateTestDb } from './support/migrate-test-db.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

// Migration 042 (decision 081): assignments renewed before the player marked them are marked once.

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('migration 042', () => {
  it('marks a completion whose renewal was completed as renewed, and nothing else', async () => {
    const w = await createAssignmentsWorld(t.db);
    const base = { companyId: w.companyA, courseId: w.courses.fire, score: 90 };
    const done = { status: 'completed' as const, completedAt: '2025-01-10T08:00:00.000Z' };
    // ops1: a completion, renewed and the renewal completed → renewed.
    const renewedOld = await insertAssignment(t.db, { ...base, ...done, userId: w.learners.ops1 });
    const renewal = await insertAssignment(t.db, { ...base, ...done, userId: w.learners.ops1 });
    // ops2: a completion whose renewal is still open → stays completed (expired until renewed).
    const openOld = await insertAssignment(t.db, { ...base, ...done, userId: w.learners.ops2 });
    const openRenewal = await insertAssignment(t.db, {
      ...base,
      userId: w.learners.ops2,
      status: 'not_started',
      score: null,
    });
    await t.db.updateTable('assignments').set({ renews_assignment_id: renewedOld }).where('id', '=', renewal).execute();
    await t.db
      .updateTable('assignments')
      .set({ renews_assignment_id: openOld })
      .where('id', '=', openRenewal)
      .execute();

    await migrateTestDb(t, '041-saml-metadata-url');
    await migrateTestDb(t);

    const statuses = await t.db
      .selectFrom('assignments')
      .select(['id', 'status'])
      .where('id', 'in', [renewedOld, renewal, openOld, openRenewal])
      .orderBy('id')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['renewed', 'completed', 'completed', 'not_started']);
  });
});
