import type { Insertable, Kysely } from 'kysely';
import { DEFAULT_TEMPLATES, type TemplateText, renderLooseText } from '../../modules/notification-templates/index.ts';
import type { Database, NotificationTemplatesTable } from '../types.ts';
import { type IdAllocator, insertMany } from './seed-db.ts';

// The notification templates of the demo: the system defaults (company_id null, one per type and send
// method, seeded by demo-notifications.ts from DEFAULT_TEMPLATES) and each demo company's customised
// copies and own templates (below). The texts are the notification-templates module's built-in ones.

export { DEFAULT_TEMPLATES, type TemplateText };

/** Dotted values (`user.first_name`) as the nested scope a template reads. */
function nested(values: Record<string, string>): Record<string, unknown> {
  const scope: Record<string, Record<string, unknown> | string> = {};
  for (const [key, value] of Object.entries(values)) {
    const [head, field] = key.split('.', 2) as [string, string | undefined];
    if (field === undefined) scope[head] = value;
    else {
      const holder = typeof scope[head] === 'object' ? scope[head] : {};
      holder[field] = value;
      scope[head] = holder;
    }
  }
  return scope;
}

/**
 * Renders a template text with dotted values, as the module's engine would. A manager message about one
 * learner lists that learner as its only report.
 */
export function render(text: string, values: Record<string, string>): string {
  const scope = nested(values);
  if (!('reports' in scope) && values['user.first_name'] !== undefined) {
    const full = values['user.full_name'] ?? values['user.first_name'];
    scope.reports = [
      {
        first_name: values['user.first_name'],
        last_name: values['user.last_name'] ?? full.slice(values['user.first_name'].length).trim(),
        course: values['course.name'] ?? '',
        due_date: values['assignment.due_date'] ?? '',
      },
    ];
  }
  return renderLooseText(text, scope)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface DemoOverride {
  /** Which demo company (its index in DEMO_COMPANIES). */
  company: number;
  type: TemplateText['type'];
  method: 'email' | 'sms';
  /** A customised copy of the system default (true) or a template of the company's own. */
  copy: boolean;
  name: string;
  subject: string | null;
  body: string;
}

/** What the demo companies changed: HTML e-mails, a shorter SMS, a firmer second reminder. */
export const DEMO_OVERRIDES: readonly DemoOverride[] = [
  {
    company: 0,
    type: 'course_assignment',
    method: 'email',
    copy: true,
    name: 'Course assigned (with checklist)',
    subject: 'Action needed: {{ course.name }} by {{ assignment.due_date }}',
    body: '<p>Hello {{ user.first_name }},</p>\n<p>You have a new compliance course: <strong>{{ course.name }}</strong>.</p>\n<ul>\n<li>Due: {{ assignment.due_date }}</li>\n<li>Takes about 20 minutes</li>\n<li>You can pause and resume at any time</li>\n</ul>\n<p><a href="{{ public_assignment_url }}">Start the course</a></p>\n<p>Questions? Reply to this e-mail.<br>{{ company.name }} Compliance</p>',
  },
  {
    company: 0,
    type: 'reminder_employee',
    method: 'sms',
    copy: true,
    name: 'User reminder (short SMS)',
    subject: null,
    body: '{{ company.name }}: {{ course.name }} due {{ assignment.due_date }}. {{ public_assignment_url }}',
  },
  {
    company: 0,
    type: 'reminder_employee',
    method: 'email',
    copy: false,
    name: 'Second reminder (firm)',
    subject: 'Overdue: {{ course.name }}',
    body: 'Hello {{ user.first_name }},\n\n"{{ course.name }}" was due {{ assignment.due_date }} and is still open. Your manager {{ manager.first_name }} has been told.\n\nFinish it now: {{ public_assignment_url }}\n\n{{ company.name }} Compliance',
  },
  {
    company: 1,
    type: 'reminder_supervisor',
    method: 'email',
    copy: true,
    name: 'Manager reminder (team table)',
    subject: 'Overdue training in your team ({{ reports.size }})',
    body: '<p>Hi {{ manager.first_name }},</p>\n<p>These people in your team are past their due date:</p>\n<table>\n<tr><th align="left">Name</th><th align="left">Course</th><th align="left">Due</th></tr>\n{% for r in reports %}<tr><td>{{ r.first_name }} {{ r.last_name }}</td><td>{{ r.course }}</td><td>{{ r.due_date }}</td></tr>\n{% endfor %}</table>\n<p>Please follow up this week. <a href="{{ login_url }}">Open Heed</a></p>',
  },
  {
    company: 1,
    type: 'user_registration',
    method: 'email',
    copy: true,
    name: 'Welcome (onboarding)',
    subject: 'Welcome aboard, {{ user.first_name }}',
    body: 'Hello {{ user.first_name }},\n\nWelcome to {{ company.name }}! Your training account is ready; your username is {{ user.username }}.\n\nYour first courses are waiting: {{ login_url }}\n\nPeople & Culture',
  },
];

/**
 * The demo companies' customised copies and own templates, stamped `stamp`. `defaults` are the system
 * default ids by `type/method`; `companyIds` the demo companies in DEMO_COMPANIES order.
 */
export async function seedTemplateOverrides(
  db: Kysely<Database>,
  ids: IdAllocator,
  defaults: ReadonlyMap<string, { id: number }>,
  companyIds: readonly number[],
  stamp: string,
): Promise<void> {
  const rows: Insertable<NotificationTemplatesTable>[] = [];
  for (const o of DEMO_OVERRIDES) {
    const companyId = companyIds[o.company];
    if (companyId === undefined) continue;
    rows.push({
      id: ids.next('notification_templates'),
      company_id: companyId,
      type: o.type,
      method: o.method,
      name: o.name,
      subject: o.subject,
      body: o.body,
      default_id: o.copy ? (defaults.get(`${o.type}/${o.method}`)?.id ?? null) : null,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  await insertMany(db, 'notification_templates', rows);
}
