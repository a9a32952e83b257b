import type { Insertable } from 'kysely';
import type { Database } from '../types.ts';
import type { SeededCourse } from './catalog.ts';
import { type PlannedAssignment, planAssignments, planCampaigns } from './demo-assignments.ts';
import { planAudit } from './demo-audit.ts';
import type { DemoCompanySpec } from './demo-companies.ts';
import { type TemplateIds, planDeliveries, seedSchedule } from './demo-notifications.ts';
import { type SeedContext, seedPeople } from './demo-people.ts';
import { demoRules } from './demo-rules.ts';
import { insertMany } from './seed-db.ts';

export interface CompanyHistory {
  companyId: number;
  planned: PlannedAssignment[];
  /** Deliveries and audit entries, planned once the assignments have their ids. */
  afterAssignments: () => {
    deliveries: Insertable<Database['deliveries']>[];
    audit: Insertable<Database['audit_log']>[];
  };
}

/** One demo company: its row, courses, people, rules, notification schedule and reports, and its planned history. */
export async function seedCompany(
  ctx: SeedContext,
  spec: DemoCompanySpec,
  catalog: readonly SeededCourse[],
  templates: TemplateIds,
  options: { adminId: number; publicUrl: string },
): Promise<CompanyHistory> {
  const { db, ids, random, clock } = ctx;
  const companyId = ids.next('companies');
  const stamp = clock.at(-650);
  await insertMany(db, 'companies', [
    {
      id: companyId,
      name: spec.name,
      department_label: spec.departmentLabel,
      question_reports: spec.questionReports ? 1 : 0,
      time_zone: spec.timeZone,
      primary_color: spec.primaryColor,
      logout_url: null,
      branding: null,
      created_at: stamp,
      updated_at: stamp,
    },
  ]);
  const courses = new Map(spec.courses.map((name) => [name, catalog.find((c) => c.name === name)!]));
  await insertMany(
    db,
    'course_companies',
    [...courses.values()].map((c) => ({ course_id: c.id, company_id: companyId })),
  );
  const seeded = await seedPeople(ctx, spec, companyId);

  const rules = demoRules(spec, seeded).map((rule) => ({ rule, id: ids.next('assignment_rules') }));
  const ruleStamp = clock.at(-545, 660);
  await insertMany(
    db,
    'assignment_rules',
    rules.map(({ rule, id }) => ({
      id,
      company_id: companyId,
      name: rule.name,
      match: rule.match,
      conditions: JSON.stringify(rule.conditions),
      course_ids: JSON.stringify(rule.courses.map((name) => courses.get(name)!.id)),
      due_days: rule.dueDays,
      recertify_months: rule.recertifyMonths,
      active: 1,
      last_run_at: clock.at(-1, 120),
      created_at: ruleStamp,
      updated_at: ruleStamp,
    })),
  );
  const campaigns = planCampaigns(
    random,
    courses,
    rules.map((r) => r.rule),
  );
  const { people, cm, student } = seeded;
  const planned = planAssignments(random, clock, { companyId, people, cm, student, rules, courses, campaigns });

  const notify = { companyId, companyName: spec.name, sender: cm, smsEnabled: spec.slug === 'borealis' };
  const schedule = await seedSchedule(db, ids, templates, notify, clock.at(-600));
  const byId = new Map(people.map((p) => [p.id, p]));
  const campaignCounts = campaigns.map(
    (c) =>
      planned.filter((a) => a.source === 'manual' && a.course === c.course && a.assignedMs === clock.ms(c.day, 600))
        .length,
  );
  return {
    companyId,
    planned,
    afterAssignments: () => ({
      deliveries: planDeliveries(
        random,
        clock,
        { ...notify, schedule, people: byId, publicUrl: options.publicUrl },
        planned,
        templates,
      ),
      audit: planAudit(random, clock, options.adminId, {
        id: companyId,
        spec,
        seeded,
        rules,
        campaigns,
        campaignCounts,
      }),
    }),
  };
}
