import type { NotificationMethod, NotificationType } from '@heed/contract';

/** The system's default texts of one type: an e-mail (subject and body) and an SMS. */
export interface TemplateText {
  type: NotificationType;
  name: string;
  subject: string;
  body: string;
  sms: string;
}

const SIGN_OFF = '\n\n{{ company.name }} training team';

/**
 * The system default templates (company_id null rows hold these texts; the renderer falls back to them
 * when a database has none). Plain-text bodies: the e-mail layout turns paragraphs and links into HTML.
 */
export const DEFAULT_TEMPLATES: readonly TemplateText[] = [
  {
    type: 'course_assignment',
    name: 'Course assigned',
    subject: 'New training: {{ course.name }} (due {{ assignment.due_date }})',
    body:
      'Hello {{ user.first_name }},\n\nYou have been assigned "{{ course.name }}". Please complete it by {{ assignment.due_date }}.\n\nStart here: {{ public_assignment_url }}\n\nSign in: {{ login_url }}' +
      SIGN_OFF,
    sms: '{{ company.name }}: "{{ course.name }}" is assigned to you, due {{ assignment.due_date }}. {{ public_assignment_url }}',
  },
  {
    type: 'reminder_employee',
    name: 'User reminder',
    subject: 'Reminder: {{ course.name }} is due {{ assignment.due_date }}',
    body:
      'Hello {{ user.first_name }},\n\nThis is a reminder to complete "{{ course.name }}" (due {{ assignment.due_date }}).\n\nContinue here: {{ public_assignment_url }}' +
      SIGN_OFF,
    sms: 'Reminder: "{{ course.name }}" is due {{ assignment.due_date }}. {{ public_assignment_url }}',
  },
  {
    type: 'reminder_supervisor',
    name: 'Manager reminder',
    subject: '{{ reports.size }} of your team have overdue training',
    body:
      'Hello {{ manager.first_name }},\n\nThese members of your team have not completed their training on time:\n{% for r in reports %}\n- {{ r.first_name }} {{ r.last_name }}: {{ r.course }} (due {{ r.due_date }}){% endfor %}\n\nPlease remind them. See the details: {{ login_url }}' +
      SIGN_OFF,
    sms: '{{ reports.size }} of your team have overdue training. {{ login_url }}',
  },
  {
    type: 'user_registration',
    name: 'Welcome',
    subject: 'Welcome to {{ company.name }} training',
    body:
      'Hello {{ user.first_name }},\n\nAn account has been created for you. Your username is {{ user.username }}.\n\nSign in: {{ login_url }}' +
      SIGN_OFF,
    sms: 'Welcome to {{ company.name }} training. Sign in: {{ login_url }}',
  },
  {
    type: 'reset_password',
    name: 'Password reset',
    subject: 'Reset your password',
    body:
      'Hello {{ user.first_name }},\n\nWe received a request to reset your password. Use this link within 60 minutes: {{ reset_url }}\n\nIf you did not ask for this, ignore this message.' +
      SIGN_OFF,
    sms: 'Reset your {{ company.name }} training password: {{ reset_url }}',
  },
  {
    type: 'reset_password_completed',
    name: 'Password changed after reset',
    subject: 'Your password has been reset',
    body:
      'Hello {{ user.first_name }},\n\nYour password was reset. If this was not you, contact your administrator at once.' +
      SIGN_OFF,
    sms: 'Your {{ company.name }} training password was reset.',
  },
  {
    type: 'update_password',
    name: 'Password updated',
    subject: 'Your password was changed',
    body:
      'Hello {{ user.first_name }},\n\nThe password of your account {{ user.username }} was changed. If this was not you, contact your administrator.' +
      SIGN_OFF,
    sms: 'The password of your {{ company.name }} training account was changed.',
  },
  {
    type: 'course_accessed',
    name: 'Course started',
    subject: '{{ user.full_name }} started {{ course.name }}',
    body:
      'Hello {{ manager.first_name }},\n\n{{ user.full_name }} started "{{ course.name }}" (due {{ assignment.due_date }}).' +
      SIGN_OFF,
    sms: '{{ user.full_name }} started "{{ course.name }}".',
  },
  {
    type: 'assignments_report',
    name: 'Assignments report',
    subject: 'Training status for your team',
    body:
      'Hello {{ manager.first_name }},\n\nYour team has {{ report.open_count }} open and {{ report.overdue_count }} overdue assignments.\n{% for r in reports %}\n- {{ r.first_name }} {{ r.last_name }}: {{ r.course }} (due {{ r.due_date }}){% endfor %}\n\nSee the details: {{ login_url }}' +
      SIGN_OFF,
    sms: 'Your team: {{ report.open_count }} open, {{ report.overdue_count }} overdue assignments.',
  },
];

/** The default texts of (type, method): subject null for SMS. */
export function defaultTexts(
  type: NotificationType,
  method: NotificationMethod,
): { name: string; subject: string | null; body: string } {
  const text = DEFAULT_TEMPLATES.find((t) => t.type === type)!;
  return method === 'email'
    ? { name: text.name, subject: text.subject, body: text.body }
    : { name: `${text.name} (SMS)`, subject: null, body: text.sms };
}
