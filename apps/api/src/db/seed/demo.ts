import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../types.ts';
import { type SeededCourse, seedCatalog } from './catalog.ts';
import { type PlannedAssignment, planAssignments, planCampaigns, statusOf } from './demo-assignments.ts';
import { simulateActivity } from './demo-activity.ts';
import { planAudit } from './demo-audit.ts';
import { DemoClock } from './demo-clock.ts';
import { DEMO_COMPANIES, type DemoCompanySpec } from './demo-companies.ts';
import { automatedReports, planDeliveries, seedSchedule, seedTemplates } from './demo-notifications.ts';
import { type SeedContext, seedPeople } from './demo-people.ts';
import { demoRules } from './demo-rules.ts';
import { Random } from './prng.ts';
import { type IdAllocator, insertMany } from './seed-db.ts';

export interface DemoOptions {
  now: Date;
  adminId: number;
  passwordHash: string;
  publicUrl: string;
}

const byTime = (a: { created_at: string }, b: { created_at: string }) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0);

/**
 * The deterministic demo: a course catalog and three companies of different sizes with ~18 months of
 * history. The same PRNG seed gives the same data on every run; dates are offsets from `now`.
 */
export async function seedDemo(db: Kysely<Database>, ids: IdAllocator, options: DemoOptions): Promise<DemoCompanySpec[]> {
  const random = new Random('heed-demo-v1');
  const clock = new DemoClock(options.now);
  const ctx: SeedContext = { db, ids, random, clock, passwordHash: options.passwordHash, usernames: new Map() };
  const catalog = await seedCatalog(db, ids, random, clock.at(-700));
  const templates = await seedTemplates(db, ids, clock.at(-700));

  const assignments: PlannedAssignment[] = [];
  const finish: (() => { deliveries: Insertable<Database['deliveries']>[]; audit: Insertable<Database['audit_log']>[] })[] = [];
  for (const spec of DEMO_COMPANIES) {
    const companyId = ids.next('companies');
    const stamp = clock.at(-650);
    await db.insertInto('companies').values({
      id: companyId, name: spec.name, department_label: spec.departmentLabel, question_reports: spec.questionReports ? 1 : 0,
      logout_url: null, branding: null, created_at: stamp, updated_at: stamp,
    }).execute();
    const courses = new Map<string, SeededCourse>(spec.courses.map((name) => [name, catalog.find((c) => c.name === name)!]));
    await insertMany(db, 'course_companies', [...courses.values()].map((c) => ({ course_id: c.id, company_id: companyId })));
    const seeded = await seedPeople(ctx, spec, companyId);

    const rules = demoRules(spec, seeded).map((rule) => ({ rule, id: ids.next('assignment_rules') }));
    await insertMany(db, 'assignment_rules', rules.map(({ rule, id }) => ({
      id, company_id: companyId, name: rule.name, match: rule.match, conditions: JSON.stringify(rule.conditions),
      course_ids: JSON.stringify(rule.courses.map((name) => courses.get(name)!.id)), due_days: rule.dueDays,
      recertify_months: rule.recertifyMonths, active: 1, last_run_at: clock.at(-1, 120), created_at: clock.at(-545, 660), updated_at: clock.at(-545, 660),
    })));
    const campaigns = planCampaigns(random, courses, rules.map((r) => r.rule));
    const planned = planAssignments(random, clock, { companyId, people: seeded.people, cm: seeded.cm, student: seeded.student, rules, courses, campaigns });
    assignments.push(...planned);

    const notify = { companyId, companyName: spec.name, sender: seeded.cm, smsEnabled: spec.slug === 'borealis' };
    const schedule = await seedSchedule(db, ids, templates, notify, clock.at(-600));
    await insertMany(db, 'automated_reports', automatedReports(clock, companyId, seeded.cm, clock.at(-300)));
    const people = new Map(seeded.people.map((p) => [p.id, p]));
    finish.push(() => ({
      deliveries: planDeliveries(random, clock, { ...notify, schedule, people, publicUrl: options.publicUrl }, planned, templates),
      audit: planAudit(random, clock, options.adminId, {
        id: companyId, spec, seeded, rules, campaigns,
        campaignCounts: campaigns.map((c) => planned.filter((a) => a.source === 'manual' && a.course === c.course && a.assignedMs === clock.ms(c.day, 600)).length),
      }),
    }));
  }
  await writeHistory(db, ids, random, clock, assignments);
  const later = finish.map((f) => f());
  await insertMany(db, 'deliveries', later.flatMap((l) => l.deliveries).sort(byTime));
  await insertMany(db, 'audit_log', later.flatMap((l) => l.audit).sort(byTime));
  return [...DEMO_COMPANIES];
}

/** Assignments in the order they were made (so ids follow time), then the course activity and answers they led to. */
async function writeHistory(db: Kysely<Database>, ids: IdAllocator, random: Random, clock: DemoClock, assignments: PlannedAssignment[]) {
  assignments.sort((a, b) => a.assignedMs - b.assignedMs || a.person.id - b.person.id || a.course.id - b.course.id);
  for (const a of assignments) a.id = ids.next('assignments');
  const activity = { events: [] as Insertable<Database['course_activity']>[], answers: [] as Insertable<Database['question_answers']>[] };
  simulateActivity(random, assignments, activity);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  await insertMany(db, 'assignments', assignments.map((a) => {
    const expires = a.completedMs !== null && a.recertifyMonths !== null ? a.completedMs + DemoClock.monthsToDays(a.recertifyMonths) * 86_400_000 : null;
    return {
      id: a.id, company_id: a.companyId, user_id: a.person.id, course_id: a.course.id, status: statusOf(a, clock.today), source: a.source,
      rule_id: a.ruleId, assigned_by: a.assignedBy, assigned_at: iso(a.assignedMs)!, due_at: iso(a.dueMs), started_at: iso(a.startedMs),
      completed_at: iso(a.completedMs), progress: a.progress, score: a.score, recertify_months: a.recertifyMonths, expires_at: iso(expires),
      created_at: iso(a.assignedMs)!, updated_at: iso(a.completedMs ?? a.startedMs ?? a.assignedMs)!,
    };
  }));
  await insertMany(db, 'course_activity', activity.events.sort(byTime));
  await insertMany(db, 'question_answers', activity.answers.sort(byTime));
}
