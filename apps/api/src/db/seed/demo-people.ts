import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../types.ts';
import type { DemoClock } from './demo-clock.ts';
import type { DemoCompanySpec, FixedPerson } from './demo-companies.ts';
import { type SeededDepartment, departmentByNames, planDepartments } from './demo-departments.ts';
import { FIRST_NAMES, LAST_NAMES, loginPart } from './names.ts';
import type { Random } from './prng.ts';
import { type IdAllocator, insertMany } from './seed-db.ts';

export interface DemoPerson {
  id: number;
  role: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  suspended: boolean;
  department: SeededDepartment;
  managerId: number | null;
  /** Days from today (negative) the account was created and the person was hired. */
  createdDay: number;
  hiredDay: number;
  fields: Record<string, string | null>;
}

export interface SeedContext {
  db: Kysely<Database>;
  ids: IdAllocator;
  random: Random;
  clock: DemoClock;
  passwordHash: string;
  /** Usernames already taken, across companies. */
  usernames: Map<string, number>;
}

export interface SeededPeople {
  departments: SeededDepartment[];
  fieldIds: Map<string, number>;
  people: DemoPerson[];
  cm: DemoPerson;
  dm: DemoPerson;
  reviewer: DemoPerson;
  student: DemoPerson;
  /** The Department Manager of each top-level department. */
  managers: Map<string, DemoPerson>;
}

const FIXED_ROLES = [
  ['cm', 1],
  ['dm', 2],
  ['reviewer', 3],
  ['student', 0],
] as const;

/** Departments, custom fields, people (the four fixed sign-ins first) and their field values. */
export async function seedPeople(ctx: SeedContext, spec: DemoCompanySpec, companyId: number): Promise<SeededPeople> {
  const stamp = ctx.clock.at(-640);
  const { rows, departments } = planDepartments(spec.departments, companyId, ctx.ids, stamp);
  await insertMany(ctx.db, 'departments', rows);
  const fieldIds = await seedFields(ctx, spec, companyId, stamp);

  const people: DemoPerson[] = [];
  const makePerson = personFactory(ctx, spec, departments, () => people.length + 1);
  const fixed = FIXED_ROLES.map(([key, role]) => {
    const person = makePerson(role, spec.fixed[key], `${spec.slug}.${key}`, `${key}@${spec.slug}.test`);
    people.push(person);
    return person;
  });
  const [cm, dm, reviewer, student] = fixed as [DemoPerson, DemoPerson, DemoPerson, DemoPerson];
  const managers = new Map<string, DemoPerson>([[dm.department.names[0]!, dm]]);
  for (const top of spec.departments.slice(1)) {
    const manager = makePerson(2, { ...randomName(ctx.random), department: [top.name] });
    managers.set(top.name, manager);
    people.push(manager);
  }
  people.push(makePerson(3, { ...randomName(ctx.random), department: reviewer.department.names }));
  while (people.length < spec.userCount) people.push(makePerson(0));

  const leaders = new Set([cm.id, ...[...managers.values()].map((m) => m.id)]);
  for (const person of people) {
    person.managerId =
      person.id === cm.id
        ? null
        : leaders.has(person.id)
          ? cm.id
          : (managers.get(person.department.names[0]!)?.id ?? cm.id);
  }
  await insertMany(
    ctx.db,
    'users',
    people.map((p) => userRow(ctx, p, companyId)),
  );
  await insertMany(
    ctx.db,
    'department_managers',
    [...managers.values()].map((m) => ({ user_id: m.id, department_id: m.department.id, company_id: companyId })),
  );
  await insertMany(
    ctx.db,
    'user_field_values',
    people.flatMap((p) =>
      spec.fields.map((field) => ({
        user_id: p.id,
        field_id: fieldIds.get(field.key)!,
        company_id: companyId,
        value: p.fields[field.key] ?? null,
      })),
    ),
  );
  return { departments, fieldIds, people, cm, dm, reviewer, student, managers };
}

type MakePerson = (role: number, named?: FixedPerson, username?: string, email?: string) => DemoPerson;

function personFactory(
  ctx: SeedContext,
  spec: DemoCompanySpec,
  departments: SeededDepartment[],
  nextIndex: () => number,
): MakePerson {
  const { random, clock } = ctx;
  const leaves = departments.filter((d) => d.weight > 0).map((d) => [d, d.weight] as const);
  return (role, named, username, email) => {
    const name = named ?? { ...randomName(random), department: [] };
    const department =
      name.department.length > 0 ? departmentByNames(departments, name.department) : random.weighted(leaves);
    const isInitial = username !== undefined || random.chance(0.7);
    const createdDay = isInitial ? random.int(-640, -560) : random.int(-540, -1);
    const hiredDay = isInitial ? createdDay - random.int(0, 3650) : createdDay - random.int(0, 14);
    const login = username ?? uniqueUsername(ctx.usernames, name.first, name.last);
    const person: DemoPerson = {
      id: ctx.ids.next('users'),
      role,
      username: login,
      email: email ?? `${login}@${spec.slug}.test`,
      firstName: name.first,
      lastName: name.last,
      suspended: role === 0 && username === undefined && random.chance(0.03),
      department,
      managerId: null,
      createdDay,
      hiredDay,
      fields: {},
    };
    const traits = {
      index: nextIndex(),
      random,
      clock,
      hiredDate: clock.date(hiredDay),
      departmentPath: department.names,
    };
    for (const field of spec.fields) person.fields[field.key] = field.value(traits);
    return person;
  };
}

async function seedFields(ctx: SeedContext, spec: DemoCompanySpec, companyId: number, stamp: string) {
  const fieldIds = new Map<string, number>();
  const rows = spec.fields.map((field, position) => {
    const id = ctx.ids.next('custom_fields');
    fieldIds.set(field.key, id);
    return {
      id,
      company_id: companyId,
      key: field.key,
      label: field.label,
      type: field.type,
      options: field.options ? JSON.stringify(field.options) : null,
      required: field.required ? 1 : 0,
      show_in_table: position < 3 ? 1 : 0,
      position,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await insertMany(ctx.db, 'custom_fields', rows);
  return fieldIds;
}

function randomName(random: Random) {
  return { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
}

/** "olivia.smith", then "olivia.smith2", "olivia.smith3"… */
export function uniqueUsername(taken: Map<string, number>, first: string, last: string): string {
  const base = `${loginPart(first)}.${loginPart(last)}`;
  const count = (taken.get(base) ?? 0) + 1;
  taken.set(base, count);
  return count === 1 ? base : `${base}${count}`;
}

function userRow(ctx: SeedContext, p: DemoPerson, companyId: number): Insertable<Database['users']> {
  const { random, clock } = ctx;
  const isStaff = p.role !== 0;
  const lastLogin =
    isStaff || p.username.includes('.student')
      ? random.int(-6, -1)
      : random.chance(0.55)
        ? random.int(Math.max(p.createdDay, -90), -1)
        : null;
  return {
    id: p.id,
    company_id: companyId,
    username: p.username,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    password_hash: ctx.passwordHash,
    role: p.role,
    site_admin: 0,
    suspended: p.suspended ? 1 : 0,
    department_id: p.department.id,
    manager_id: p.managerId,
    phone: random.chance(0.5) ? `+1 555 01${random.int(10, 99)} ${String(random.int(0, 9999)).padStart(4, '0')}` : null,
    hired_at: clock.date(p.hiredDay),
    external_id: null,
    last_login_at: lastLogin === null ? null : clock.at(lastLogin, random.int(420, 1080)),
    created_at: clock.at(p.createdDay, 480 + (p.id % 540)),
    updated_at: clock.at(p.createdDay, 480 + (p.id % 540)),
  };
}
