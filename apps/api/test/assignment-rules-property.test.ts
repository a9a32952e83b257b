import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULES, assignmentsOf, createRule } from './assignment-rules.fixture.ts';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';

/**
 * Random sequences of user changes, rule edits, manual removals (exclusions), manual assignments,
 * runs and undos keep the invariants of decision 066: no duplicate open assignment, no protected
 * learner re-assigned by the rule that protects them, every assignment with its source, and an undo
 * of a run leaves exactly the set from before it.
 */
type Op =
  | { kind: 'move'; learner: number; department: number }
  | { kind: 'role'; learner: number; role: number }
  | { kind: 'edit'; rule: number; conditions: number; courses: number[] }
  | { kind: 'remove'; pick: number }
  | { kind: 'manual'; learner: number; course: number }
  | { kind: 'run'; rule: number }
  | { kind: 'runUndo'; rule: number }
  | { kind: 'undoAny'; pick: number };

const LEARNERS = ['ops1', 'ops2', 'east1', 'sales1', 'sales2', 'nodept'] as const;

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('move' as const), learner: fc.nat(5), department: fc.nat(3) }),
  fc.record({ kind: fc.constant('role' as const), learner: fc.nat(5), role: fc.constantFrom(0, 3) }),
  fc.record({
    kind: fc.constant('edit' as const),
    rule: fc.nat(1),
    conditions: fc.nat(3),
    courses: fc.subarray([0, 1], { minLength: 1 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(50) }),
  fc.record({ kind: fc.constant('manual' as const), learner: fc.nat(5), course: fc.nat(1) }),
  fc.record({ kind: fc.constant('run' as const), rule: fc.nat(1) }),
  fc.record({ kind: fc.constant('runUndo' as const), rule: fc.nat(1) }),
  fc.record({ kind: fc.constant('undoAny' as const), pick: fc.nat(50) }),
);

async function checkInvariants(t: TestApp, w: AssignmentsWorld) {
  const rows = await assignmentsOf(t, w.companyA);
  const open = rows.filter((row) => row.status !== 'completed').map((row) => `${row.user_id}:${row.course_id}`);
  expect(new Set(open).size, 'no duplicate open assignment').toBe(open.length);
  for (const row of rows) {
    expect(['manual', 'rule']).toContain(row.source);
    if (row.source === 'rule')
      expect(row.rule_id !== null && row.rule_run_id !== null, 'rule and run recorded').toBe(true);
  }
  const exclusions = await t.db.selectFrom('assignment_rule_exclusions').selectAll().execute();
  for (const ex of exclusions) {
    const reassigned = rows.filter(
      (row) => row.rule_id === ex.rule_id && row.user_id === ex.user_id && row.course_id === ex.course_id,
    );
    expect(reassigned, 'a protected learner is not re-assigned by the rule').toEqual([]);
  }
}

async function apply(t: TestApp, w: AssignmentsWorld, cm: TestClient, rules: number[], step: Op) {
  const departments = [w.ops, w.opsEast, w.sales, null];
  const courses = [w.courses.fire, w.courses.ethics];
  const conditionSets = [
    [{ field: 'department_id', operator: 'in', value: [w.ops] }],
    [{ field: 'role', operator: 'in', value: [0] }],
    [
      { field: 'department_id', operator: 'in', value: [w.sales] },
      { field: 'role', operator: 'in', value: [3] },
    ],
    [{ field: 'department_id', operator: 'in', value: [w.opsEast] }],
  ];
  const ids = () => assignmentsOf(t, w.companyA).then((rows) => rows.map((row) => row.id));
  switch (step.kind) {
    case 'move': {
      const response = await cm.put(`/api/v3/users/${w.learners[LEARNERS[step.learner]!]}`, {
        department_id: departments[step.department],
      });
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    case 'role': {
      const response = await cm.put(`/api/v3/users/${w.learners[LEARNERS[step.learner]!]}`, { role: step.role });
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    case 'edit': {
      const response = await cm.put(`${RULES}/${rules[step.rule]}`, {
        name: `Rule ${step.rule}`,
        match: step.conditions === 2 ? 'any' : 'all',
        conditions: conditionSets[step.conditions],
        course_ids: step.courses.map((i) => courses[i]),
        due_days: 7,
      });
      expect(response.statusCode, response.body).toBe(200);
      return;
    }
    case 'remove': {
      const ruleMade = (await assignmentsOf(t, w.companyA)).filter(
        (row) => row.source === 'rule' && row.rule_id !== null,
      );
      const row = ruleMade[step.pick % Math.max(1, ruleMade.length)];
      if (!row) return;
      const rule = (await cm.get(`${RULES}/${row.rule_id}`)).json().data as { courses: { id: number }[] };
      const response = await cm.post(`${RULES}/${row.rule_id}/exclusions`, {
        user_id: row.user_id,
        course_id: row.course_id,
      });
      const inRule = rule.courses.some((course) => course.id === row.course_id);
      expect([201, 422]).toContain(response.statusCode);
      if (response.statusCode === 201) expect(inRule).toBe(true);
      return;
    }
    case 'manual': {
      const open = (await assignmentsOf(t, w.companyA)).some(
        (row) =>
          row.user_id === w.learners[LEARNERS[step.learner]!] &&
          row.course_id === courses[step.course] &&
          row.status !== 'completed',
      );
      if (!open)
        await insertAssignment(t.db, {
          companyId: w.companyA,
          userId: w.learners[LEARNERS[step.learner]!],
          courseId: courses[step.course]!,
          assignedBy: w.actors.cm,
        });
      return;
    }
    case 'run': {
      const before = await ids();
      const response = await cm.post(`${RULES}/${rules[step.rule]}/run`);
      expect(response.statusCode, response.body).toBe(200);
      const again = await cm.post(`${RULES}/${rules[step.rule]}/run`);
      expect(again.json().data.created, 'running twice changes nothing').toBe(0);
      expect((await ids()).length).toBe(before.length + response.json().data.created);
      return;
    }
    case 'runUndo': {
      const before = await ids();
      const run = await cm.post(`${RULES}/${rules[step.rule]}/run`);
      const undo = await cm.post(`${RULES}/${rules[step.rule]}/runs/${run.json().data.id}/undo`, {});
      expect(undo.statusCode, undo.body).toBe(200);
      expect(await ids(), 'undo restores the set from before the run').toEqual(before);
      return;
    }
    case 'undoAny': {
      const runs = await t.db
        .selectFrom('assignment_rule_runs')
        .selectAll()
        .where('status', '=', 'completed')
        .orderBy('id')
        .execute();
      const run = runs[step.pick % Math.max(1, runs.length)];
      if (!run) return;
      const rows = await assignmentsOf(t, w.companyA);
      const undo = await cm.post(`${RULES}/${run.rule_id}/runs/${run.id}/undo`, {});
      expect(undo.statusCode, undo.body).toBe(200);
      const expected = rows.filter((row) => row.rule_run_id !== run.id).map((row) => row.id);
      expect(await ids(), 'undo removes exactly the run’s unstarted assignments').toEqual(expected);
      return;
    }
  }
}

describe('assignment rules: invariants under random sequences', () => {
  it('keeps no duplicates, protected learners, sources and exact undo', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 12 }), async (steps) => {
        const t = await createTestApp();
        try {
          const w = await createAssignmentsWorld(t.db);
          const cm = await signedIn(t.app, 'a.cm');
          const rules = [
            (
              await createRule(cm, {
                name: 'Rule 0',
                conditions: [{ field: 'department_id', operator: 'in', value: [w.ops] }],
                course_ids: [w.courses.fire],
                due_days: 7,
              })
            ).id,
            (
              await createRule(cm, {
                name: 'Rule 1',
                conditions: [{ field: 'role', operator: 'in', value: [0] }],
                course_ids: [w.courses.fire, w.courses.ethics],
              })
            ).id,
          ];
          for (const step of steps) {
            await apply(t, w, cm, rules, step);
            await checkInvariants(t, w);
          }
        } finally {
          await t.close();
        }
      }),
      { numRuns: 8 },
    );
  }, 900_000);
});
