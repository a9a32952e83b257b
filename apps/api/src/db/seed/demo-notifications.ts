import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../types.ts';
import type { PlannedAssignment } from './demo-assignments.ts';
import { statusOf } from './demo-assignments.ts';
import type { DemoClock } from './demo-clock.ts';
import type { DemoPerson } from './demo-people.ts';
import { DEFAULT_TEMPLATES, type TemplateText, render } from './demo-templates.ts';
import type { Random } from './prng.ts';
import { type IdAllocator, insertMany } from './seed-db.ts';

const DAY = 86_400_000;
const METHODS = ['email', 'sms'] as const;

export type TemplateIds = Map<string, { id: number; text: TemplateText }>;

/** The system default template of every type and send method. */
export async function seedTemplates(db: Kysely<Database>, ids: IdAllocator, stamp: string): Promise<TemplateIds> {
  const templates: TemplateIds = new Map();
  const rows = DEFAULT_TEMPLATES.flatMap((text) =>
    METHODS.map((method) => {
      const id = ids.next('notification_templates');
      templates.set(`${text.type}/${method}`, { id, text });
      const isEmail = method === 'email';
      return {
        id,
        company_id: null,
        type: text.type,
        method,
        name: text.name,
        subject: isEmail ? text.subject : null,
        body: isEmail ? text.body : text.sms,
        created_at: stamp,
        updated_at: stamp,
      };
    }),
  );
  await insertMany(db, 'notification_templates', rows);
  return templates;
}

export interface CompanyNotifications {
  companyId: number;
  companyName: string;
  sender: DemoPerson;
  smsEnabled: boolean;
}

/** The company's schedule: on assignment, before and after the due date, the manager, and welcome e-mails. */
export async function seedSchedule(
  db: Kysely<Database>,
  ids: IdAllocator,
  templates: TemplateIds,
  c: CompanyNotifications,
  stamp: string,
) {
  const rows = [
    ['course_assignment', 'email', 'event', null, null, null, true],
    ['reminder_employee', 'email', 'before_due', 3, null, null, true],
    ['reminder_employee', 'email', 'after_due', 1, 7, 3, true],
    ['reminder_supervisor', 'email', 'after_due', 7, null, null, true],
    ['reminder_employee', 'sms', 'before_due', 1, null, null, c.smsEnabled],
    ['user_registration', 'email', 'event', null, null, null, true],
  ] as const;
  const schedule = new Map<string, number>();
  await insertMany(
    db,
    'notifications',
    rows.map(([type, method, trigger, offset, every, max, enabled]) => {
      const id = ids.next('notifications');
      schedule.set(`${type}/${method}/${trigger}`, id);
      return {
        id,
        company_id: c.companyId,
        type,
        method,
        template_id: templates.get(`${type}/${method}`)!.id,
        sender_id: c.sender.id,
        trigger,
        offset_days: offset,
        repeat_every_days: every,
        repeat_max: max,
        enabled: enabled ? 1 : 0,
        created_at: stamp,
        updated_at: stamp,
      };
    }),
  );
  return schedule;
}

/** Delivery history of the last 120 days: assignment e-mails, reminders before and after the due date. */
export function planDeliveries(
  random: Random,
  clock: DemoClock,
  c: CompanyNotifications & { schedule: Map<string, number>; people: Map<number, DemoPerson>; publicUrl: string },
  assignments: readonly PlannedAssignment[],
  templates: TemplateIds,
): Insertable<Database['deliveries']>[] {
  const since = clock.today - 120 * DAY;
  const rows: Insertable<Database['deliveries']>[] = [];
  const deliver = (a: PlannedAssignment, type: string, trigger: string, atMs: number, to: DemoPerson) => {
    if (atMs < since || atMs >= clock.today) return;
    const text = templates.get(`${type}/email`)!.text;
    const values = {
      'user.first_name': a.person.firstName,
      'user.full_name': `${a.person.firstName} ${a.person.lastName}`,
      'user.username': a.person.username,
      'manager.first_name': to.firstName,
      'course.name': a.course.name,
      'assignment.due_date': new Date(a.dueMs).toISOString().slice(0, 10),
      'company.name': c.companyName,
      login_url: `${c.publicUrl}/login`,
      public_assignment_url: `${c.publicUrl}/`,
    };
    const failed = random.chance(0.02);
    const created = new Date(atMs).toISOString();
    rows.push({
      company_id: c.companyId,
      notification_id: c.schedule.get(`${type}/email/${trigger}`) ?? null,
      assignment_id: a.id,
      user_id: to.id,
      type,
      method: 'email',
      recipient: to.email,
      subject: render(text.subject, values),
      body: render(text.body, values),
      status: failed ? 'failed' : 'sent',
      error: failed ? `550 5.1.1 <${to.email}>: Recipient address rejected: User unknown` : null,
      attempts: failed ? 5 : 1,
      sent_at: failed ? null : new Date(atMs + 4_000).toISOString(),
      created_at: created,
    });
  };
  for (const a of assignments) {
    deliver(a, 'course_assignment', 'event', a.assignedMs + 5 * 60_000, a.person);
    const openBefore = a.completedMs === null || a.completedMs > a.dueMs - 3 * DAY;
    if (openBefore) deliver(a, 'reminder_employee', 'before_due', a.dueMs - 3 * DAY - 16 * 3_600_000, a.person);
    if (statusOf(a, clock.today) !== 'overdue') continue;
    for (let k = 0; k < 3; k++)
      deliver(a, 'reminder_employee', 'after_due', a.dueMs + (1 + 7 * k) * DAY - 16 * 3_600_000, a.person);
    const manager = a.person.managerId === null ? undefined : c.people.get(a.person.managerId);
    if (manager) deliver(a, 'reminder_supervisor', 'after_due', a.dueMs + 7 * DAY - 15 * 3_600_000, manager);
  }
  return rows;
}
