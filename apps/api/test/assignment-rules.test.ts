import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processNextJob } from '../src/jobs/worker.ts';
import {
  RULES,
  assignmentsOf,
  auditActions,
  createRule,
  dryRun,
  pairsOf,
  runRule,
} from './assignment-rules.fixture.ts';
import { type AssignmentsWorld, createAssignmentsWorld, insertAssignment } from './support/assignments-fixture.ts';
import { type TestClient, signedIn } from './support/client.ts';
import { createNumberedUsers } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { addCustomField } from './support/users-fixture.ts';

let t: TestApp;
let w: AssignmentsWorld;
let cm: TestClient;

beforeEach(async () => {
  t = await createTestApp();
  w = await createAssignmentsWorld(t.db);
  cm = await signedIn(t.app, 'a.cm');
});
afterEach(async () => t.close());

const students = { field: 'role', operator: 'in', value: [0] };
const inOps = () => ({ field: 'department_id', operator: 'in', value: [w.ops] });
const worker = () => ({
  db: t.db,
  dialect: t.dialect,
  config: t.config,
  log: { info: () => {}, warn: () => {}, error: () => {} },
  workerId: 'test',
});

describe('rules: create, read, change, delete', () => {
  it('saves a rule with its courses and conditions, lists and changes it, audited per change', async () => {
    const rule = await createRule(cm, {
      name: 'Ops safety',
      conditions: [inOps(), students],
      course_ids: [w.courses.fire, w.courses.ethics],
      due_days: 14,
      recertify_months: 12,
    });
    const got = await cm.get(`${RULES}/${rule.id}`);
    expect(got.json().data).toMatchObject({
      name: 'Ops safety',
      match: 'all',
      courses: [
        { id: w.courses.fire, name: 'Fire Safety' },
        { id: w.courses.ethics, name: 'Ethics' },
      ],
      due_days: 14,
      recertify_months: 12,
      active: true,
      open_assignments: 0,
    });
    const list = await cm.get(RULES, { query: { text: 'safe' } });
    expect(list.json()).toMatchObject({ data: [{ id: rule.id }], meta: { total: 1 } });
    const changed = await cm.put(`${RULES}/${rule.id}`, {
      name: 'Ops safety (all)',
      match: 'any',
      conditions: [inOps()],
      course_ids: [w.courses.fire],
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Ops safety (all)',
      match: 'any',
      active: false,
      due_days: null,
    });
    expect((await cm.delete(`${RULES}/${rule.id}`)).statusCode).toBe(200);
    expect((await cm.get(`${RULES}/${rule.id}`)).statusCode).toBe(404);
    expect((await auditActions(t, 'assignment_rules.')).map((a) => a.action)).toEqual([
      'assignment_rules.create',
      'assignment_rules.update',
      'assignment_rules.delete',
    ]);
  });

  it('answers 422 naming the condition for each kind of invalid input', async () => {
    const field = await addCustomField(t.db, w.companyA, 'profession', 'text');
    expect(field).toBeGreaterThan(0);
    const bDepartment = (
      await t.db
        .insertInto('departments')
        .values({
          company_id: w.companyB,
          name: 'B',
          parent_id: null,
          path: '/b/',
          created_at: '2026-01-01',
          updated_at: '2026-01-01',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const post = (body: Record<string, unknown>) =>
      cm.post(RULES, { name: 'Bad', course_ids: [w.courses.fire], conditions: [students], ...body });
    const details = async (body: Record<string, unknown>) => {
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().error.details;
    };
    expect(await details({ conditions: [] })).toHaveProperty('conditions');
    expect(await details({ conditions: [students, { field: 'role', operator: 'in', value: [] }] })).toHaveProperty(
      'conditions.1.value',
    );
    expect(await details({ conditions: [{ field: 'hired_at', operator: 'within_days', value: 0 }] })).toHaveProperty(
      'conditions.0.value',
    );
    expect(await details({ conditions: [{ field: 'salary', operator: 'in', value: [1] }] })).toHaveProperty(
      'conditions.0.field',
    );
    expect(await details({ conditions: [{ field: 'custom_fields.nope', operator: 'in', value: ['x'] }] })).toEqual({
      'conditions.0.value': ['Unknown custom field.'],
    });
    expect(
      await details({
        conditions: [{ field: 'custom_fields.profession', operator: 'between', value: ['2026-01-01', '2026-02-01'] }],
      }),
    ).toHaveProperty('conditions.0.value');
    expect(await details({ conditions: [{ field: 'department_id', operator: 'in', value: [bDepartment] }] })).toEqual({
      'conditions.0.value': ['Choose departments of this company.'],
    });
    expect(await details({ course_ids: [w.courses.betaOnly] })).toHaveProperty('course_ids');
    expect(await details({ course_ids: [w.courses.retired] })).toHaveProperty('course_ids');
    await createRule(cm, { name: 'Taken', conditions: [students], course_ids: [w.courses.fire] });
    expect(await details({ name: 'taken' })).toEqual({ name: ['Another rule already has this name.'] });
    expect(await t.db.selectFrom('assignment_rules').select('id').execute()).toHaveLength(1);
  });

  it("keeps companies apart: another company's rule is a 404, and people below Company Manager get 403", async () => {
    const rule = await createRule(cm, { conditions: [students], course_ids: [w.courses.fire] });
    const bdm = await signedIn(t.app, 'b.dm');
    expect((await bdm.get(`${RULES}/${rule.id}`)).statusCode).toBe(403);
    const dm = await signedIn(t.app, 'a.dm');
    expect((await dm.get(RULES)).statusCode).toBe(403);
    await t.db.updateTable('users').set({ role: 1 }).where('username', '=', 'b.dm').execute();
    const bcm = await signedIn(t.app, 'b.dm');
    expect((await bcm.get(`${RULES}/${rule.id}`)).statusCode).toBe(404);
    expect((await bcm.post(`${RULES}/${rule.id}/run`)).statusCode).toBe(404);
    expect((await bcm.get(RULES)).json().meta.total).toBe(0);
  });
});

describe('dry run', () => {
  it('counts who would be assigned, who already has it and who is protected, and pages who', async () => {
    await insertAssignment(t.db, { companyId: w.companyA, userId: w.learners.ops1, courseId: w.courses.fire });
    const draft = { conditions: [inOps(), students], course_ids: [w.courses.fire] };
    const first = await dryRun(cm, { ...draft, per_page: 1 });
    // ops1, ops2, east1 (Ops East is in Ops' subtree); the DM and the reviewer are not students.
    expect(first.counts).toEqual({ learners: 3, assign: 2, already_assigned: 1, protected: 0 });
    expect(first.meta.total).toBe(2);
    expect(first.data).toHaveLength(1);
    const page2 = await dryRun(cm, { ...draft, per_page: 1, page: 2 });
    expect([first.data[0]!.user.id, page2.data[0]!.user.id].sort()).toEqual([w.learners.ops2, w.learners.east1].sort());
    const rule = await createRule(cm, draft);
    const excluded = await cm.post(`${RULES}/${rule.id}/exclusions`, {
      user_id: w.learners.east1,
      course_id: w.courses.fire,
    });
    expect(excluded.statusCode, excluded.body).toBe(201);
    const saved = await dryRun(cm, { ...draft, rule_id: rule.id, outcome: 'protected' });
    expect(saved.counts).toEqual({ learners: 3, assign: 1, already_assigned: 1, protected: 1 });
    expect(saved.data.map((row) => [row.user.name, row.outcome])).toEqual([['Erin Moss', 'protected']]);
    const already = await dryRun(cm, { ...draft, rule_id: rule.id, outcome: 'already_assigned' });
    expect(already.data.map((row) => row.user.id)).toEqual([w.learners.ops1]);
    expect(await t.db.selectFrom('assignments').select('id').execute()).toHaveLength(1);
  });

  it('reads every kind of condition: any/all, custom field operators, hired and created within N days', async () => {
    await addCustomField(t.db, w.companyA, 'profession', 'text');
    await addCustomField(t.db, w.companyA, 'start', 'date');
    const value = async (user: number, key: string, v: string) => {
      const field = await t.db
        .selectFrom('custom_fields')
        .select('id')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('user_field_values')
        .values({ company_id: w.companyA, user_id: user, field_id: field.id, value: v } as never)
        .execute();
    };
    await value(w.learners.ops1, 'profession', 'Nurse');
    await value(w.learners.sales1, 'profession', 'Nutritionist');
    await value(w.learners.sales2, 'profession', 'Clerk');
    await value(w.learners.east1, 'start', '2026-03-15');
    const now = t.clock.now.getTime();
    const daysAgo = (n: number) => new Date(now - n * 86_400_000).toISOString();
    await t.db
      .updateTable('users')
      .set({ hired_at: daysAgo(10).slice(0, 10) })
      .where('id', '=', w.learners.nodept)
      .execute();
    await t.db
      .updateTable('users')
      .set({ hired_at: daysAgo(400).slice(0, 10) })
      .where('id', '=', w.learners.sales2)
      .execute();
    await t.db
      .updateTable('users')
      .set({ created_at: daysAgo(2) })
      .where('id', '=', w.learners.ops2)
      .execute();
    const who = async (match: 'all' | 'any', conditions: unknown[]) => {
      const result = await dryRun(cm, { match, conditions, course_ids: [w.courses.fire], per_page: 100 });
      return result.data.map((row) => row.user.id).sort((a, b) => a - b);
    };
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
    const cf = (operator: string, v: string[], key = 'profession') => ({
      field: `custom_fields.${key}`,
      operator,
      value: v,
    });
    expect(await who('all', [cf('in', ['Nurse', 'Clerk'])])).toEqual(sorted(w.learners.ops1, w.learners.sales2));
    expect(await who('all', [cf('starts_with', ['Nu'])])).toEqual(sorted(w.learners.ops1, w.learners.sales1));
    expect(await who('all', [students, cf('not_in', ['Nurse'])])).toEqual(
      sorted(w.learners.ops2, w.learners.east1, w.learners.sales1, w.learners.sales2, w.learners.nodept),
    );
    expect(await who('all', [cf('between', ['2026-03-01', '2026-03-31'], 'start')])).toEqual([w.learners.east1]);
    expect(await who('all', [{ field: 'hired_at', operator: 'within_days', value: 30 }])).toEqual([w.learners.nodept]);
    expect(await who('all', [{ field: 'created_at', operator: 'within_days', value: 7 }])).toEqual([w.learners.ops2]);
    expect(
      await who('any', [
        { field: 'hired_at', operator: 'within_days', value: 30 },
        { field: 'department_id', operator: 'in', value: [w.sales] },
      ]),
    ).toEqual(sorted(w.learners.sales1, w.learners.sales2, w.learners.nodept));
    expect(
      await who('all', [{ field: 'department_id', operator: 'in', value: [w.sales] }, cf('starts_with', ['Nu'])]),
    ).toEqual([w.learners.sales1]);
    // Deactivated people are never picked.
    await t.db.updateTable('users').set({ suspended: 1 }).where('id', '=', w.learners.sales1).execute();
    expect(await who('all', [cf('starts_with', ['Nu'])])).toEqual([w.learners.ops1]);
  });
});

describe('runs: provenance, idempotence, exclusions, undo', () => {
  it('assigns with the rule and run as the source, and a second run changes nothing', async () => {
    const rule = await createRule(cm, {
      name: 'Ops fire',
      conditions: [inOps(), students],
      course_ids: [w.courses.fire],
      due_days: 10,
    });
    const run = await runRule(cm, rule.id);
    expect(run).toMatchObject({
      learners: 3,
      created: 3,
      already_assigned: 0,
      protected: 0,
      trigger: 'manual',
      status: 'completed',
    });
    const rows = await assignmentsOf(t, w.companyA);
    expect(rows).toHaveLength(3);
    const dueDay = new Date(t.clock.now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    for (const row of rows)
      expect(row).toMatchObject({
        source: 'rule',
        rule_id: rule.id,
        rule_run_id: run.id,
        due_at: `${dueDay}T23:59:59.000Z`,
      });
    const listed = await cm.get('/api/v3/assignments', { query: { 'field[source]': 'rule' } });
    expect(listed.json().data[0].source).toMatchObject({
      kind: 'rule',
      rule: { id: rule.id, name: 'Ops fire' },
      run: { id: run.id, at: (run as typeof run & { started_at: string }).started_at },
    });
    const again = await runRule(cm, rule.id);
    expect(again).toMatchObject({ created: 0, already_assigned: 3 });
    expect(await assignmentsOf(t, w.companyA)).toEqual(rows);
    const history = await cm.get(`${RULES}/${rule.id}/runs`);
    expect(history.json().data.map((r: { created: number; undoable: number }) => [r.created, r.undoable])).toEqual([
      [0, 0],
      [3, 3],
    ]);
    expect((await auditActions(t, 'assignment_rules.run')).length).toBe(2);
  });

  it('does not re-assign a learner an administrator took off the course until the exclusion is lifted', async () => {
    const rule = await createRule(cm, { conditions: [inOps(), students], course_ids: [w.courses.fire] });
    await runRule(cm, rule.id);
    const excluded = await cm.post(`${RULES}/${rule.id}/exclusions`, {
      user_id: w.learners.ops2,
      course_id: w.courses.fire,
    });
    expect(excluded.statusCode, excluded.body).toBe(201);
    expect(excluded.json()).toMatchObject({
      removed: 1,
      data: { user: { id: w.learners.ops2 }, course: { id: w.courses.fire } },
    });
    expect(pairsOf(await assignmentsOf(t, w.companyA))).not.toContain(`${w.learners.ops2}:${w.courses.fire}`);
    const twice = await cm.post(`${RULES}/${rule.id}/exclusions`, {
      user_id: w.learners.ops2,
      course_id: w.courses.fire,
    });
    expect(twice.statusCode).toBe(422);
    const notInRule = await cm.post(`${RULES}/${rule.id}/exclusions`, {
      user_id: w.learners.ops2,
      course_id: w.courses.ethics,
    });
    expect(notInRule.json().error.details).toHaveProperty('course_id');

    const rerun = await runRule(cm, rule.id);
    expect(rerun).toMatchObject({ created: 0, protected: 1, already_assigned: 2 });
    expect(pairsOf(await assignmentsOf(t, w.companyA))).not.toContain(`${w.learners.ops2}:${w.courses.fire}`);

    const list = await cm.get(`${RULES}/${rule.id}/exclusions`);
    expect(list.json()).toMatchObject({
      meta: { total: 1 },
      data: [{ user: { name: 'Oscar Zane' }, created_by: { name: 'Cora Manning' } }],
    });
    const lifted = await cm.delete(`${RULES}/${rule.id}/exclusions/${excluded.json().data.id}`);
    expect(lifted.statusCode).toBe(200);
    expect(await runRule(cm, rule.id)).toMatchObject({ created: 1, protected: 0 });
    expect((await auditActions(t, 'assignment_rules.')).map((a) => a.action)).toEqual(
      expect.arrayContaining(['assignment_rules.exclude', 'assignment_rules.lift_exclusion']),
    );
  });

  it('undo removes exactly what the run made that nobody started', async () => {
    await insertAssignment(t.db, {
      companyId: w.companyA,
      userId: w.learners.ops1,
      courseId: w.courses.fire,
      assignedBy: w.actors.cm,
    });
    const before = await assignmentsOf(t, w.companyA);
    const rule = await createRule(cm, {
      conditions: [inOps(), students],
      course_ids: [w.courses.fire, w.courses.ethics],
    });
    const run = await runRule(cm, rule.id);
    expect(run.created).toBe(5);
    const made = (await assignmentsOf(t, w.companyA)).filter((row) => row.rule_run_id === run.id);
    await t.db
      .updateTable('assignments')
      .set({ status: 'in_progress', started_at: t.clock.now.toISOString(), progress: 20 })
      .where('id', '=', made[0]!.id)
      .execute();
    const undone = await cm.post(`${RULES}/${rule.id}/runs/${run.id}/undo`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toMatchObject({ status: 'undone', undone: 4, undoable: 0 });
    const after = await assignmentsOf(t, w.companyA);
    expect(after.map((row) => row.id)).toEqual([...before.map((row) => row.id), made[0]!.id]);
    const again = await cm.post(`${RULES}/${rule.id}/runs/${run.id}/undo`, {});
    expect(again.statusCode).toBe(422);
    const undoOff = await runRule(cm, rule.id);
    const second = await cm.post(`${RULES}/${rule.id}/runs/${undoOff.id}/undo`, { deactivate_rule: true });
    expect(second.json().data.undone).toBe(4);
    expect((await cm.get(`${RULES}/${rule.id}`)).json().data.active).toBe(false);
    expect((await cm.post(`${RULES}/${rule.id}/run`)).statusCode).toBe(422);
    expect((await auditActions(t, 'assignment_rules.undo_run')).length).toBe(2);
  });

  it('runs over 1,000 learners as a heavy-lane job with the run record following it', async () => {
    await createNumberedUsers(t.db, {
      companyId: w.companyA,
      count: 1100,
      prefix: 'Many',
      domain: '@many.test',
      departmentId: w.sales,
    });
    const rule = await createRule(cm, {
      conditions: [{ field: 'department_id', operator: 'in', value: [w.sales] }],
      course_ids: [w.courses.fire],
    });
    const queued = await cm.post(`${RULES}/${rule.id}/run`);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().data).toMatchObject({ learners: 1102 });
    let done = await processNextJob(worker());
    while (done && done.type !== 'assignment_rule_run') done = await processNextJob(worker());
    expect(done).toMatchObject({ status: 'completed', progress: 1102 });
    const runs = await cm.get(`${RULES}/${rule.id}/runs`);
    expect(runs.json().data[0]).toMatchObject({
      id: queued.json().data.run_id,
      status: 'completed',
      created: 1102,
      learners: 1102,
    });
    expect((await assignmentsOf(t, w.companyA)).length).toBe(1102);
  });
});

describe('editing what is live', () => {
  it('shows the open assignments a new due_days would move, and moves them only when asked', async () => {
    const rule = await createRule(cm, {
      name: 'Due',
      conditions: [inOps(), students],
      course_ids: [w.courses.fire],
      due_days: 10,
    });
    await runRule(cm, rule.id);
    const [done] = await assignmentsOf(t, w.companyA);
    await t.db
      .updateTable('assignments')
      .set({ status: 'completed', completed_at: t.clock.now.toISOString() })
      .where('id', '=', done!.id)
      .execute();
    const preview = await cm.post(`${RULES}/${rule.id}/existing`, { due_days: 30, per_page: 10 });
    expect(preview.statusCode, preview.body).toBe(200);
    const day = (n: number) =>
      `${new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10)}T23:59:59.000Z`;
    expect(preview.json().meta.total).toBe(2);
    expect(preview.json().data[0]).toMatchObject({ due_at: day(10), new_due_at: day(30) });
    const body = { name: 'Due', conditions: [inOps(), students], course_ids: [w.courses.fire], due_days: 30 };
    await cm.put(`${RULES}/${rule.id}`, body);
    expect((await assignmentsOf(t, w.companyA)).map((row) => row.due_at)).toEqual([day(10), day(10), day(10)]);
    await cm.put(`${RULES}/${rule.id}`, { ...body, due_days: 20, apply_due_to_existing: true });
    expect((await assignmentsOf(t, w.companyA)).map((row) => row.due_at)).toEqual([day(10), day(20), day(20)]);
    const audits = await auditActions(t, 'assignment_rules.update');
    expect(JSON.parse(audits.at(-1)!.after!)).toMatchObject({ applied_to_existing: 2 });
  });
});

describe('triggers', () => {
  it('runs the rules for a user created or moved in the console, once', async () => {
    const rule = await createRule(cm, { name: 'Ops', conditions: [inOps(), students], course_ids: [w.courses.fire] });
    const created = await cm.post('/api/v3/users', {
      username: 'newbie',
      first_name: 'New',
      last_name: 'Bie',
      role: 0,
      department_id: w.opsEast,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const mine = async (user: number) => (await assignmentsOf(t, w.companyA)).filter((row) => row.user_id === user);
    expect(await mine(id)).toMatchObject([{ source: 'rule', rule_id: rule.id, course_id: w.courses.fire }]);
    const runs = await cm.get(`${RULES}/${rule.id}/runs`);
    expect(runs.json().data[0]).toMatchObject({
      trigger: 'user_change',
      created: 1,
      started_by: { name: 'Cora Manning' },
    });
    // A change that keeps them matching changes nothing; a move into Ops assigns the mover.
    await cm.put(`/api/v3/users/${id}`, { first_name: 'Newer' });
    expect(await mine(id)).toHaveLength(1);
    expect((await cm.get(`${RULES}/${rule.id}/runs`)).json().meta.total).toBe(1);
    const moved = await cm.put(`/api/v3/users/${w.learners.sales1}`, { department_id: w.ops });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await mine(w.learners.sales1)).toMatchObject([{ source: 'rule', rule_id: rule.id }]);
  });

  it('runs the rules for users moved by a bulk action', async () => {
    const rule = await createRule(cm, { name: 'Ops', conditions: [inOps(), students], course_ids: [w.courses.fire] });
    const moved = await cm.put(`/api/v3/users?field[user_id]=${w.learners.sales1},${w.learners.sales2}`, {
      action: 'change_department',
      department_id: w.opsEast,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = (await assignmentsOf(t, w.companyA)).filter((row) => row.rule_id === rule.id);
    expect(rows.map((row) => row.user_id).sort()).toEqual([w.learners.sales1, w.learners.sales2].sort());
  });

  it('queues one nightly pass per company and night; the pass runs the active rules and queues the next', async () => {
    const rule = await createRule(cm, { conditions: [inOps(), students], course_ids: [w.courses.fire] });
    await createRule(cm, { conditions: [students], course_ids: [w.courses.ethics], active: false });
    const nightly = () =>
      t.db.selectFrom('jobs').selectAll().where('type', '=', 'assignment_rules_nightly').orderBy('id').execute();
    const queued = await nightly();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.run_at > t.clock.now.toISOString()).toBe(true);
    t.clock.advanceMinutes(26 * 60);
    let ran = await processNextJob(worker());
    while (ran && ran.type !== 'assignment_rules_nightly') ran = await processNextJob(worker());
    expect(ran).toMatchObject({ status: 'completed' });
    expect(JSON.parse(ran!.result!)).toEqual({ rules: 1, created: 3 });
    cm = await signedIn(t.app, 'a.cm');
    const runs = (await cm.get(`${RULES}/${rule.id}/runs`)).json().data;
    expect(runs).toMatchObject([{ trigger: 'nightly', created: 3, started_by: null }]);
    expect(await nightly()).toHaveLength(2);
  });
});
