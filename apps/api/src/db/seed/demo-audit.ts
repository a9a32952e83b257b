import type { Insertable } from 'kysely';
import type { Database } from '../types.ts';
import type { Campaign } from './demo-assignments.ts';
import type { DemoClock } from './demo-clock.ts';
import type { DemoCompanySpec } from './demo-companies.ts';
import type { SeededPeople } from './demo-people.ts';
import type { DemoRule } from './demo-rules.ts';
import type { Random } from './prng.ts';

type AuditRow = Insertable<Database['audit_log']>;

export interface AuditCompany {
  id: number;
  spec: DemoCompanySpec;
  seeded: SeededPeople;
  rules: { rule: DemoRule; id: number }[];
  campaigns: Campaign[];
  campaignCounts: number[];
}

/** The audit trail the demo's history would have left: set-up by the site admin, then the managers' work. */
export function planAudit(random: Random, clock: DemoClock, adminId: number, c: AuditCompany): AuditRow[] {
  const rows: AuditRow[] = [];
  const ip = () => `203.0.113.${random.int(2, 250)}`;
  const log = (
    day: number,
    minute: number,
    actorId: number,
    action: string,
    entityType: string,
    entityId: number | null,
    after: unknown,
    before: unknown = null,
    impersonatorId: number | null = null,
  ): void => {
    rows.push({
      company_id: c.id,
      actor_id: actorId,
      impersonator_id: impersonatorId,
      action,
      entity_type: entityType,
      entity_id: entityId === null ? null : String(entityId),
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      ip: ip(),
      created_at: clock.at(day, minute),
    });
  };
  const { spec, seeded } = c;
  const cm = seeded.cm;
  log(-650, 540, adminId, 'company.create', 'company', c.id, {
    name: spec.name,
    department_label: spec.departmentLabel,
    question_reports: spec.questionReports,
  });
  for (const [i, d] of seeded.departments.entries()) {
    log(-645, 560 + i, adminId, 'department.create', 'department', d.id, {
      name: d.names.at(-1),
      path: d.names.join(' / '),
    });
  }
  for (const [key, id] of seeded.fieldIds) log(-645, 600, adminId, 'custom_field.create', 'custom_field', id, { key });
  for (const p of seeded.people.filter((p) => p.role !== 0 || p === seeded.student)) {
    log(-641, 600 + (p.id % 120), adminId, 'user.create', 'user', p.id, {
      username: p.username,
      email: p.email,
      role: p.role,
      department_id: p.department.id,
    });
  }
  for (const [i, { rule, id }] of c.rules.entries()) {
    const after = { name: rule.name, conditions: rule.conditions, courses: rule.courses, due_days: rule.dueDays };
    log(-545, 660 + i, cm.id, 'assignment_rule.create', 'assignment_rule', id, after);
  }
  for (const [i, campaign] of c.campaigns.entries()) {
    const after = {
      course_id: campaign.course.id,
      course: campaign.course.name,
      created: c.campaignCounts[i],
      skipped: 0,
    };
    log(campaign.day, 600, cm.id, 'assignment.bulk_create', 'assignment', null, after);
  }

  for (const p of seeded.people) {
    const changedDay = () => random.int(Math.min(Math.max(p.createdDay, -500) + 1, -2), -2);
    if (p.suspended)
      log(changedDay(), 700, cm.id, 'user.deactivate', 'user', p.id, { suspended: true }, { suspended: false });
    else if (p.role === 0 && random.chance(0.04)) {
      const previous = random.pick(seeded.departments.filter((d) => d.weight > 0 && d.id !== p.department.id));
      log(
        changedDay(),
        720,
        cm.id,
        'user.update',
        'user',
        p.id,
        { department_id: p.department.id },
        { department_id: previous.id },
      );
    }
  }
  for (const staff of [cm, seeded.dm, seeded.reviewer]) {
    for (let day = -90; day < 0; day += random.int(2, 5))
      log(day, 480 + random.int(0, 120), staff.id, 'auth.login', 'user', staff.id, null);
  }
  if (spec.slug === 'acme') {
    log(-12, 840, seeded.student.id, 'auth.impersonation_start', 'user', seeded.student.id, null, null, adminId);
    log(-12, 852, seeded.student.id, 'auth.impersonation_end', 'user', seeded.student.id, null, null, adminId);
  }
  return rows;
}
