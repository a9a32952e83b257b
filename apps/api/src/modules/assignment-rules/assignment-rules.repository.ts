import { type Kysely, type Selectable, sql } from 'kysely';
import type { AssignmentRulesTable, Database } from '../../db/types.ts';

export type RuleRow = Selectable<AssignmentRulesTable>;
export interface RuleListRow extends RuleRow {
  open_assignments: number;
  exclusions: number;
}

export interface RuleValues {
  name: string;
  match: string;
  conditions: string;
  course_ids: string;
  due_days: number | null;
  recertify_months: number | null;
  active: 0 | 1;
}

const SORT_COLUMNS = {
  name: 'assignment_rules.name',
  updated_at: 'assignment_rules.updated_at',
  last_run_at: 'assignment_rules.last_run_at',
  id: 'assignment_rules.id',
} as const;

function rulesQuery(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('assignment_rules')
    .selectAll('assignment_rules')
    .select((eb) => [
      eb
        .selectFrom('assignments')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('assignments.rule_id', '=', 'assignment_rules.id')
        .where('assignments.status', 'not in', ['completed', 'renewed'])
        .as('open_assignments'),
      eb
        .selectFrom('assignment_rule_exclusions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('assignment_rule_exclusions.rule_id', '=', 'assignment_rules.id')
        .as('exclusions'),
    ])
    .where('assignment_rules.company_id', '=', companyId);
}

const numbers = (row: RuleRow & { open_assignments: unknown; exclusions: unknown }): RuleListRow => ({
  ...row,
  open_assignments: Number(row.open_assignments ?? 0),
  exclusions: Number(row.exclusions ?? 0),
});

/** A page of the company's rules (a company holds tens of rules, not millions: a plain OFFSET). */
export async function listRules(
  db: Kysely<Database>,
  companyId: number,
  page: {
    text?: string | undefined;
    sort: keyof typeof SORT_COLUMNS;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
) {
  const like = page.text ? `%${page.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  let base = db.selectFrom('assignment_rules').where('company_id', '=', companyId);
  if (like) base = base.where(sql`lower(name)`, 'like', sql`${like} ESCAPE '\\'`);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rows = rulesQuery(db, companyId);
  if (like) rows = rows.where(sql`lower(assignment_rules.name)`, 'like', sql`${like} ESCAPE '\\'`);
  const list = await rows
    .orderBy(SORT_COLUMNS[page.sort], page.order)
    .orderBy('assignment_rules.id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows: list.map(numbers), total: Number(total.n) };
}

export async function findRule(db: Kysely<Database>, companyId: number, id: number): Promise<RuleListRow | undefined> {
  const row = await rulesQuery(db, companyId).where('assignment_rules.id', '=', id).executeTakeFirst();
  return row ? numbers(row) : undefined;
}

/** The company's active rules (a user change and the nightly pass run each). */
export function findActiveRules(db: Kysely<Database>, companyId: number): Promise<RuleRow[]> {
  return db
    .selectFrom('assignment_rules')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Companies with at least one active rule (the nightly pass). */
export async function findCompaniesWithActiveRules(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('assignment_rules')
    .select('company_id')
    .where('active', '=', 1)
    .distinct()
    .execute();
  return rows.map((row) => row.company_id);
}

export async function isNameTaken(db: Kysely<Database>, companyId: number, name: string, exceptId: number | null) {
  let query = db
    .selectFrom('assignment_rules')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRule(db: Kysely<Database>, companyId: number, values: RuleValues, now: string) {
  const row = await db
    .insertInto('assignment_rules')
    .values({ company_id: companyId, ...values, last_run_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRule(db: Kysely<Database>, id: number, values: RuleValues, now: string) {
  await db
    .updateTable('assignment_rules')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function touchRuleRun(db: Kysely<Database>, id: number, now: string) {
  await db.updateTable('assignment_rules').set({ last_run_at: now }).where('id', '=', id).execute();
}

export async function setRuleActive(db: Kysely<Database>, id: number, active: 0 | 1, now: string) {
  await db.updateTable('assignment_rules').set({ active, updated_at: now }).where('id', '=', id).execute();
}

/** Deletes the rule; its runs and exclusions go with it, its assignments stay (rule_id set null by the key). */
export async function deleteRule(db: Kysely<Database>, id: number) {
  await db.updateTable('assignments').set({ rule_id: null }).where('rule_id', '=', id).execute();
  await db.deleteFrom('assignment_rules').where('id', '=', id).execute();
}

/** Of the given department ids, those of the company. */
export async function findCompanyDepartmentIds(db: Kysely<Database>, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('departments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

export function findCourseNames(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('courses').select(['id', 'name']).where('id', 'in', ids).execute();
}

export function findCompanyUser(db: Kysely<Database>, companyId: number, userId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', userId)
    .executeTakeFirst();
}
