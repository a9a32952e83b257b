import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../types.ts';
import type { PlannedAssignment } from './demo-assignments.ts';
import type { DemoCompanySpec } from './demo-companies.ts';
import type { DemoPerson, SeededPeople } from './demo-people.ts';
import { insertMany } from './seed-db.ts';

/** One condition of an assignment rule, stored as JSON in assignment_rules.conditions. */
export interface RuleCondition {
  field: string;
  operator: 'in' | 'within_days';
  value: unknown;
}

export interface DemoRule {
  name: string;
  match: 'all' | 'any';
  conditions: RuleCondition[];
  courses: string[];
  dueDays: number;
  recertifyMonths: number | null;
  /** The same test as the conditions, for planning the rule's past assignments. */
  applies: (person: DemoPerson) => boolean;
}

const ALL_ROLES: RuleCondition = { field: 'role', operator: 'in', value: [0, 1, 2, 3] };

/** Two assignment rules per demo company. */
export function demoRules(spec: DemoCompanySpec, seeded: SeededPeople): DemoRule[] {
  const top = (name: string) => seeded.departments.find((d) => d.names.length === 1 && d.names[0] === name)!.id;
  const inTop = (name: string) => (p: DemoPerson) => p.department.names[0] === name;
  const departmentIn = (name: string): RuleCondition => ({
    field: 'department_id',
    operator: 'in',
    value: [top(name)],
  });
  switch (spec.slug) {
    case 'acme':
      return [
        {
          name: 'Annual compliance: all staff',
          match: 'all',
          conditions: [ALL_ROLES],
          courses: ['Code of Conduct', 'Anti-Bribery and Corruption', 'Phishing Awareness'],
          dueDays: 30,
          recertifyMonths: 12,
          applies: () => true,
        },
        {
          name: 'Plant safety: Operations',
          match: 'all',
          conditions: [departmentIn('Operations')],
          courses: ['Fire Safety', 'Manual Handling', 'Hazard Communication', 'Lockout/Tagout'],
          dueDays: 14,
          recertifyMonths: null,
          applies: inTop('Operations'),
        },
      ];
    case 'borealis':
      return [
        {
          name: 'Financial crime: all staff',
          match: 'all',
          conditions: [ALL_ROLES],
          courses: ['Anti-Money Laundering', 'Anti-Bribery and Corruption', 'Code of Conduct'],
          dueDays: 30,
          recertifyMonths: 12,
          applies: () => true,
        },
        {
          name: 'Branch security',
          match: 'any',
          conditions: [departmentIn('Retail Banking')],
          courses: ['Phishing Awareness', 'Information Security Essentials'],
          dueDays: 21,
          recertifyMonths: null,
          applies: inTop('Retail Banking'),
        },
      ];
    case 'cedar': {
      const clinical = ['Physician', 'Nurse', 'Medical Assistant', 'Dental Hygienist'];
      return [
        {
          name: 'Clinical staff',
          match: 'all',
          conditions: [{ field: 'custom_fields.profession', operator: 'in', value: clinical }],
          courses: ['HIPAA Privacy and Security', 'Bloodborne Pathogens'],
          dueDays: 30,
          recertifyMonths: 12,
          applies: (p) => clinical.includes(p.fields.profession ?? ''),
        },
        {
          name: 'New starters',
          match: 'all',
          conditions: [{ field: 'hired_at', operator: 'within_days', value: 90 }],
          courses: ['Code of Conduct', 'Workplace Harassment Prevention', 'Fire Safety'],
          dueDays: 14,
          recertifyMonths: null,
          applies: (p) => p.createdDay > -540,
        },
      ];
    }
  }
}

/** What the rule runs of the demo need of a company's planned history. */
export interface RuleHistory {
  companyId: number;
  planned: PlannedAssignment[];
}

const DAY = 86_400_000;

/**
 * The demo's rule runs (decision 066), after the history is written: the assignments a rule made on
 * one day are one run (the first, when the rule was set up, a Company Manager's "run now"; later ones
 * a new starter or a change). Each company also has two protected learners: an administrator took a
 * not-yet-started rule assignment off them, so the rule leaves them alone. Each company's nightly pass
 * is queued. Removed assignments leave `planned`, so deliveries and audit entries never name them.
 */
export async function seedRuleRuns(db: Kysely<Database>, now: Date, companies: RuleHistory[]): Promise<void> {
  const rules = await db.selectFrom('assignment_rules').select(['id', 'name', 'company_id']).execute();
  const names = new Map(rules.map((r) => [r.id, r.name]));
  const exclusions: Insertable<Database['assignment_rule_exclusions']>[] = [];
  const removed: number[] = [];
  const updates: { runId: number; ids: number[] }[] = [];
  for (const company of companies) {
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', company.companyId)
      .where('role', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    const made = company.planned.filter((a) => a.source === 'rule' && a.ruleId !== null);
    const groups = new Map<string, PlannedAssignment[]>();
    for (const a of made) {
      const key = `${a.ruleId}:${Math.floor(a.assignedMs / DAY)}`;
      groups.set(key, [...(groups.get(key) ?? []), a]);
    }
    const seen = new Set<number>();
    for (const group of [...groups.values()].sort((x, y) => x[0]!.assignedMs - y[0]!.assignedMs)) {
      const first = group[0]!;
      const ruleId = first.ruleId!;
      const setUp = !seen.has(ruleId);
      seen.add(ruleId);
      const at = new Date(Math.min(...group.map((a) => a.assignedMs))).toISOString();
      const run = {
        company_id: company.companyId,
        rule_id: ruleId,
        rule_name: names.get(ruleId) ?? '',
        trigger: setUp ? 'manual' : 'user_change',
        status: 'completed',
        started_by: setUp ? (manager?.id ?? null) : null,
        job_id: null,
        started_at: at,
        finished_at: at,
        learners: new Set(group.map((a) => a.person.id)).size,
        created: group.length,
        already_assigned: 0,
        protected: 0,
        undone_at: null,
        undone_by: null,
        undone: 0,
      } satisfies Insertable<Database['assignment_rule_runs']>;
      const { id } = await db.insertInto('assignment_rule_runs').values(run).returning('id').executeTakeFirstOrThrow();
      updates.push({ runId: id, ids: group.map((a) => a.id) });
    }
    // Two learners an administrator took off a rule's course: not started, never notified.
    const takenOff = made
      .filter((a) => a.startedMs === null && a.completedMs === null && !a.person.suspended)
      .sort((x, y) => y.assignedMs - x.assignedMs || x.id - y.id)
      .slice(0, 2);
    for (const a of takenOff) {
      exclusions.push({
        company_id: company.companyId,
        rule_id: a.ruleId!,
        user_id: a.person.id,
        course_id: a.course.id,
        created_by: manager?.id ?? null,
        created_at: new Date(a.assignedMs + 3 * 3_600_000).toISOString(),
      });
      removed.push(a.id);
      company.planned.splice(company.planned.indexOf(a), 1);
    }
  }
  await setRuleRuns(db, updates);
  if (removed.length > 0) await db.deleteFrom('assignments').where('id', 'in', removed).execute();
  await insertMany(db, 'assignment_rule_exclusions', exclusions);
  for (const company of companies) {
    const runAt = new Date(Math.floor(now.getTime() / DAY) * DAY + DAY + 2 * 3_600_000);
    await db
      .insertInto('jobs')
      .values({
        company_id: company.companyId,
        type: 'assignment_rules_nightly',
        lane: 'heavy',
        payload: JSON.stringify({ companyId: company.companyId }),
        run_at: runAt.toISOString(),
        idempotency_key: `assignment_rules_nightly:${company.companyId}:${runAt.toISOString().slice(0, 10)}`,
        created_by: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
  }
}

/**
 * Each assignment's run, a thousand rows per UPDATE: the rollup triggers run once per statement, and an
 * UPDATE per run (hundreds of them, most of a few rows) was most of the demo seed's time on PostgreSQL.
 */
async function setRuleRuns(db: Kysely<Database>, updates: { runId: number; ids: number[] }[]): Promise<void> {
  const pairs = updates.flatMap(({ runId, ids }) => ids.map((id) => [id, runId] as const)).sort((x, y) => x[0] - y[0]);
  for (let i = 0; i < pairs.length; i += 1000) {
    const chunk = pairs.slice(i, i + 1000);
    const runOf = sql<number>`CASE id ${sql.join(
      chunk.map(([id, runId]) => sql`WHEN ${sql.lit(id)} THEN ${sql.lit(runId)}`),
      sql` `,
    )} END`;
    await db
      .updateTable('assignments')
      .set({ rule_run_id: runOf })
      .where(
        'id',
        'in',
        chunk.map(([id]) => id),
      )
      .execute();
  }
}
