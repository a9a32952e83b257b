import { IMPORT_NOTES } from '@heed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, dryRun, fixture, importFile, runImport, upload } from './fixtures/import-harness.ts';
import {
  type ImportWorld,
  createImportWorld,
  customValues,
  departmentName,
  userByUsername,
} from './fixtures/import-world.ts';
import type { TestClient } from './support/client.ts';
import { createUser } from './support/factories.ts';
import { type TestApp, createTestApp } from './support/test-app.ts';
import { clientFor } from './support/world.ts';

let t: TestApp;
let world: ImportWorld;
let cm: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  world = await createImportWorld(t);
  cm = await clientFor(t, 'cm');
});
afterAll(async () => t.close());

/** The fixture's usernames and e-mails with a prefix, so one file serves several tests. */
const renamed = (name: string, from: string, to: string) => fixture(name).toString('utf8').replaceAll(from, to);

async function auditCount(action: string, entityId?: number) {
  let query = t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action);
  if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId));
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('users import: rows within the file', () => {
  it('a later row repeating an e-mail (any case) or a username fails; the first is imported', async () => {
    const uploaded = await upload(cm, fixture('users-duplicates.csv'), 'users-duplicates.csv');
    const checked = await dryRun(t, cm, uploaded.id);
    const expected = [
      {
        row: 3,
        column: 'E-mail',
        message: 'This e-mail address is already in an earlier row of the file.',
        value: 'dup.shared@example.test',
      },
      {
        row: 4,
        column: 'Username',
        message: 'This username is already in an earlier row of the file.',
        value: 'dup.first',
      },
    ];
    expect(checked.errors).toEqual(expected);
    expect(checked.import.dry_run?.counts).toMatchObject({ created: 2, failed: 2 });
    const { import: done, errors } = await runImport(t, cm, uploaded.id);
    expect(errors).toEqual(expected);
    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    expect((await userByUsername(t.db, 'dup.first'))?.first_name).toBe('First');
    expect(await userByUsername(t.db, 'dup.second')).toBeUndefined();
  });

  it('checks each type: custom fields (number, date, boolean, select), role, deactivated flag and dates', async () => {
    const uploaded = await upload(cm, fixture('users-types.csv'), 'users-types.csv');
    const { import: done, errors } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 1, failed: 5 });
    const ok = await userByUsername(t.db, 'type.ok');
    expect(ok).toMatchObject({ role: 3, suspended: 0, hired_at: '2024-02-29' });
    expect(await customValues(t.db, ok!.id)).toEqual({
      badge: '42',
      contract_end: '2027-01-31',
      remote: 'true',
      shirt: 'M',
      notes: 'fine',
    });
    const byRow = (row: number) => errors.filter((e) => e.row === row).map((e) => [e.column, e.value]);
    expect(byRow(3)).toEqual([['Badge Number', '12abc']]);
    expect(byRow(4)).toEqual([['Contract End', '31/01/2027']]);
    expect(byRow(5)).toEqual([['Remote', 'maybe']]);
    expect(byRow(6)).toEqual([['Shirt Size', 'XXL']]);
    expect(
      byRow(7)
        .map(([column]) => column)
        .sort(),
    ).toEqual(['Deactivated', 'Hired', 'Role']);
    expect(errors.find((e) => e.row === 7 && e.column === 'Role')?.message).toBe(
      'Choose Student, Reviewer, Department Manager or Company Manager.',
    );
  });

  it('a manager named further down the file is linked once that row is in; one nobody creates fails the row', async () => {
    const csv = [
      'Username,E-mail,First name,Last name,Manager',
      'chain.report,chain.report@example.test,Rita,Report,chain.boss',
      'chain.boss,chain.boss@example.test,Bea,Boss,chain.top@example.test',
      'chain.top,chain.top@example.test,Tom,Top,',
      'chain.orphan,chain.orphan@example.test,Otto,Orphan,nobody.here',
      'chain.peer,chain.peer@example.test,Pia,Peer,chain.top',
    ].join('\n');
    const uploaded = await upload(cm, csv, 'chain.csv');
    const checked = await dryRun(t, cm, uploaded.id);
    expect(checked.import.dry_run?.counts).toMatchObject({ created: 4, failed: 1 });
    const { import: done, errors } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 4, failed: 1 });
    expect(errors).toEqual([
      {
        row: 5,
        column: 'Manager',
        message: 'No user of this company has this username or e-mail.',
        value: 'nobody.here',
      },
    ]);
    const [report, boss, top, peer] = await Promise.all(
      ['chain.report', 'chain.boss', 'chain.top', 'chain.peer'].map((u) => userByUsername(t.db, u)),
    );
    expect(report?.manager_id).toBe(boss?.id);
    expect(boss?.manager_id).toBe(top?.id);
    expect(peer?.manager_id).toBe(top?.id);
    expect(top?.manager_id).toBeNull();
  });
});

describe('users import: departments', () => {
  it('unknown department paths fail the row; known ones match by path whatever the case and spacing', async () => {
    const uploaded = await upload(cm, renamed('users-departments.csv', 'dept.', 'd1.'), 'departments.csv');
    const { import: done, errors } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 2, failed: 3 });
    expect(errors.map((e) => [e.row, e.column, e.value])).toEqual([
      [4, 'Department', 'Sales/EMEA'],
      [5, 'Department', 'Operations/Night Shift'],
      [6, 'Department', 'Sales/EMEA'],
    ]);
    expect(errors[0]?.message).toBe(
      'No department has this path. Check the names, or choose "create missing departments".',
    );
    expect(await departmentName(t.db, (await userByUsername(t.db, 'd1.plant'))!.department_id)).toBe('Plant 1');
  });

  it('with "create missing departments" each missing path is created once, audited, and used', async () => {
    const uploaded = await upload(cm, renamed('users-departments.csv', 'dept.', 'd2.'), 'departments.csv');
    await configure(cm, uploaded.id, { options: { create_departments: true } });
    const before = await auditCount('department.create');
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 5, failed: 0 });
    const departments = await t.db
      .selectFrom('departments')
      .select(['id', 'name', 'parent_id', 'path'])
      .where('company_id', '=', world.companyA)
      .where('name', 'in', ['Sales', 'EMEA', 'Night Shift'])
      .execute();
    expect(departments.map((d) => d.name).sort()).toEqual(['EMEA', 'Night Shift', 'Sales']);
    const byName = Object.fromEntries(departments.map((d) => [d.name, d]));
    expect(byName.EMEA?.parent_id).toBe(byName.Sales?.id);
    expect(byName['Night Shift']?.parent_id).toBe(world.departmentA);
    expect(byName.EMEA?.path).toBe(`/${byName.Sales?.id}/${byName.EMEA?.id}/`);
    expect(await auditCount('department.create')).toBe(before + 3);
    for (const name of ['d2.emea', 'd2.emea2']) {
      expect((await userByUsername(t.db, name))?.department_id).toBe(byName.EMEA?.id);
    }
  });

  it('a default department places rows that name none', async () => {
    const csv = 'Username,E-mail,First name,Last name\ndefault.one,default.one@example.test,Dee,Fault\n';
    const uploaded = await upload(cm, csv, 'default.csv');
    await configure(cm, uploaded.id, { options: { default_department_id: world.finance } });
    await runImport(t, cm, uploaded.id);
    expect((await userByUsername(t.db, 'default.one'))?.department_id).toBe(world.finance);
  });
});

describe('users import: existing users', () => {
  const header = 'Username,E-mail,First name,Last name,Phone,Notes,Hired';

  async function existing(username: string) {
    const created = await createUser(t.db, { companyId: world.companyA, username, firstName: 'Old', lastName: 'Name' });
    await t.db
      .updateTable('users')
      .set({ phone: '+1 555 0000', hired_at: '2020-01-01' })
      .where('id', '=', created.id)
      .execute();
    await t.db
      .insertInto('user_field_values')
      .values({ user_id: created.id, field_id: world.fields.notes, company_id: world.companyA, value: 'old note' })
      .execute();
    return created.id;
  }

  it('skips users the file matches unless updating is chosen', async () => {
    const id = await existing('keep.me');
    const csv = `${header}\nkeep.me,keep.me@example.test,New,Name,,,\n`;
    const { import: done } = await importFile(t, cm, csv, 'skip.csv');
    expect(done.counts).toMatchObject({ created: 0, skipped: 1 });
    expect(
      (await t.db.selectFrom('users').select('first_name').where('id', '=', id).executeTakeFirstOrThrow()).first_name,
    ).toBe('Old');
  });

  it('a blank cell keeps the existing value; only what changes is written and audited', async () => {
    const id = await existing('blank.keeps');
    const csv = `${header}\nblank.keeps,BLANK.KEEPS@example.test,New,,,,\n`;
    const { import: done } = await importFile(t, cm, csv, 'keep.csv', { options: { update_existing: true } });
    expect(done.counts).toMatchObject({ updated: 1 });
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'New', last_name: 'Name', phone: '+1 555 0000', hired_at: '2020-01-01' });
    expect(await customValues(t.db, id)).toEqual({ notes: 'old note' });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'user.update')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toEqual({ first_name: 'Old' });
    expect(JSON.parse(entry.after!)).toEqual({ first_name: 'New', import_id: done.id });
  });

  it('with "blank clears" a blank cell clears what can be cleared; required fields keep their value', async () => {
    const id = await existing('blank.clears');
    const csv = `${header}\nblank.clears,blank.clears@example.test,,,,,\n`;
    const { import: done } = await importFile(t, cm, csv, 'clear.csv', {
      options: { update_existing: true, blank_clears: true },
    });
    expect(done.counts).toMatchObject({ updated: 1, failed: 0 });
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Old', last_name: 'Name', phone: null, hired_at: null });
    expect(await customValues(t.db, id)).toEqual({});
  });

  it('matches by username when chosen, and can change the e-mail', async () => {
    const id = await existing('by.username');
    const csv = `${header}\nby.username,renamed@example.test,,,,new note,\n`;
    const { import: done } = await importFile(t, cm, csv, 'username.csv', {
      options: { update_existing: true, match_by: 'username' },
    });
    expect(done.counts).toMatchObject({ updated: 1 });
    expect((await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email).toBe(
      'renamed@example.test',
    );
    expect(await customValues(t.db, id)).toEqual({ notes: 'new note' });
  });

  it("cannot take another company's user: their e-mail and username count as taken", async () => {
    const csv = `${header}\nb.student,someone@example.test,Take,Over,,,\nother.name,cm@canary-9f1c.test,Take,Over,,,\n`;
    const { import: done, errors } = await importFile(t, cm, csv, 'tenant.csv', { options: { update_existing: true } });
    expect(done.counts).toMatchObject({ failed: 2, updated: 0, created: 0 });
    expect(errors.map((e) => e.message)).toEqual([
      'This username cannot be used. Choose another, or ask your administrator.',
      'This e-mail address cannot be used. Choose another, or ask your administrator.',
    ]);
    expect((await userByUsername(t.db, 'b.student'))?.last_name).not.toBe('Over');
  });
});

describe('users import: options and side effects', () => {
  it('deactivates active users of the company that the file does not name, never the importer or a site admin', async () => {
    const named = await createUser(t.db, { companyId: world.companyA, username: 'stay.active' });
    const missing = await createUser(t.db, { companyId: world.companyA, username: 'gone.missing' });
    await t.db
      .insertInto('sessions')
      .values({
        id_hash: 'missing-session',
        user_id: missing.id,
        csrf_token: 'x',
        created_at: 'x',
        last_seen_at: 'x',
        expires_at: '9999',
      })
      .execute();
    const activeBefore = await t.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', world.companyA)
      .where('suspended', '=', 0)
      .where('id', '<>', world.users['a.cm']!)
      .where('id', '<>', named.id)
      .execute();
    const csv =
      'Username,E-mail,First name,Last name\nstay.active,stay.active@example.test,Stay,Active\nnew.arrival,new.arrival@example.test,New,Arrival\n';
    const uploaded = await upload(cm, csv, 'everyone.csv');
    await configure(cm, uploaded.id, { options: { deactivate_missing: true } });
    const checked = await dryRun(t, cm, uploaded.id);
    expect(checked.import.dry_run?.counts.deactivated).toBe(activeBefore.length);
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done.counts).toMatchObject({ created: 1, skipped: 1, deactivated: activeBefore.length });
    const state = async (id: number) =>
      (await t.db.selectFrom('users').select('suspended').where('id', '=', id).executeTakeFirstOrThrow()).suspended;
    expect(await state(missing.id)).toBe(1);
    expect(await state(named.id)).toBe(0);
    expect(await state(world.users['a.cm']!)).toBe(0);
    expect(await state(world.users.admin!)).toBe(0);
    expect(await state(world.users['b.student']!)).toBe(0);
    expect(await t.db.selectFrom('sessions').select('id_hash').where('user_id', '=', missing.id).execute()).toEqual([]);
    const entry = await t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_id', '=', String(missing.id))
      .where('action', '=', 'user.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after!)).toMatchObject({ suspended: true, import_id: done.id });
  });

  it('queues a welcome e-mail per created user with an e-mail, and notes that assignment rules did not run', async () => {
    // The schedule's user_registration row sends them (the notification pipeline).
    const stamp = '2026-01-01T00:00:00.000Z';
    await t.db
      .insertInto('notifications')
      .values({
        company_id: world.companyA,
        type: 'user_registration',
        method: 'email',
        trigger: 'event',
        enabled: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const csv =
      'Username,E-mail,First name,Last name\nwelcome.one,welcome.one@example.test,Wel,Come\nwelcome.two,,No,Mail\n';
    const uploaded = await upload(cm, csv, 'welcome.csv');
    const configured = await configure(cm, uploaded.id, {
      options: { send_welcome: true, run_assignment_rules: true },
    });
    expect(configured.notes).toEqual([IMPORT_NOTES.welcomeQueued, IMPORT_NOTES.assignmentRulesPending]);
    // The import job queues the e-mails; the same drain then delivers them (to the outbox: no SMTP here).
    const { import: done } = await runImport(t, cm, uploaded.id);
    expect(done.status).toBe('completed');
    expect(done.notes).toContain(IMPORT_NOTES.assignmentRulesPending);
    const deliveries = await t.db
      .selectFrom('deliveries')
      .select(['recipient', 'type', 'status', 'body'])
      .where('type', '=', 'user_registration')
      .execute();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ recipient: 'welcome.one@example.test', status: 'outbox' });
    expect(deliveries[0]?.body).toContain('Your username is welcome.one.');
  });

  it('audits one entry per created or updated user, in the same transaction, plus one for the import', async () => {
    const csv =
      'Username,E-mail,First name,Last name,Notes\naudit.one,audit.one@example.test,Aud,One,x\naudit.two,audit.two@example.test,Aud,Two,\n';
    const { import: done } = await importFile(t, cm, csv, 'audit.csv');
    const users = await Promise.all(['audit.one', 'audit.two'].map((u) => userByUsername(t.db, u)));
    for (const user of users) expect(await auditCount('user.create', user!.id)).toBe(1);
    const created = await t.db
      .selectFrom('audit_log')
      .select(['after', 'actor_id'])
      .where('action', '=', 'user.create')
      .where('entity_id', '=', String(users[0]!.id))
      .executeTakeFirstOrThrow();
    expect(created.actor_id).toBe(world.users['a.cm']);
    expect(JSON.parse(created.after!)).toMatchObject({
      username: 'audit.one',
      custom_fields: { notes: 'x' },
      import_id: done.id,
    });
    expect(await auditCount('users.import', done.id)).toBe(1);
  });
});

describe('users import: sign-in names (decision 046)', () => {
  it("a username with @ that is not the row's own e-mail fails the row, never the chunk", async () => {
    const rule = "A username with @ must be the user's own e-mail address.";
    await createUser(t.db, {
      companyId: world.companyA,
      username: 'ns.mail@example.test',
      email: 'ns.mail@example.test',
    });
    const csv = [
      'Username,E-mail,First name,Last name',
      'admin@example.test,,Fake,Admin',
      'ns.own@example.test,NS.Own@example.test,Own,Mail',
      'ns.other@example.test,ns.else@example.test,Mis,Match',
      'ns.plain,ns.plain@example.test,Plain,Name',
      'ns.mail@example.test,ns.moved@example.test,Moved,Mail',
    ].join('\n');
    const uploaded = await upload(cm, csv, 'names.csv');
    await configure(cm, uploaded.id, { options: { update_existing: true, match_by: 'username' } });
    const expected = [
      { row: 2, column: 'Username', message: rule, value: 'admin@example.test' },
      { row: 4, column: 'Username', message: rule, value: 'ns.other@example.test' },
      { row: 6, column: 'Username', message: rule, value: 'ns.mail@example.test' },
    ];
    expect((await dryRun(t, cm, uploaded.id)).errors).toEqual(expected);
    const { import: done, errors } = await runImport(t, cm, uploaded.id);
    expect(errors).toEqual(expected);
    expect(done.counts).toMatchObject({ created: 2, updated: 0, failed: 3 });
    expect((await userByUsername(t.db, 'ns.own@example.test'))?.email).toBe('ns.own@example.test');
    expect((await userByUsername(t.db, 'ns.mail@example.test'))?.email).toBe('ns.mail@example.test');
  });
});
