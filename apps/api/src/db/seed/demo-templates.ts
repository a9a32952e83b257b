/** The system's default notification templates (company_id null); companies copy and override them. */
export interface TemplateText {
  type: string;
  name: string;
  subject: string;
  body: string;
  sms: string;
}

const SIGN_OFF = '\n\n{{company.name}} training team';

export const DEFAULT_TEMPLATES: readonly TemplateText[] = [
  {
    type: 'course_assignment',
    name: 'Course assigned',
    subject: 'New training: {{course.name}} (due {{assignment.due_date}})',
    body:
      'Hello {{user.first_name}},\n\nYou have been assigned "{{course.name}}". Please complete it by {{assignment.due_date}}.\n\nStart here: {{public_assignment_url}}\nSign in: {{login_url}}' +
      SIGN_OFF,
    sms: '{{company.name}}: "{{course.name}}" is assigned to you, due {{assignment.due_date}}. {{public_assignment_url}}',
  },
  {
    type: 'reminder_employee',
    name: 'User reminder',
    subject: 'Reminder: {{course.name}} is due {{assignment.due_date}}',
    body:
      'Hello {{user.first_name}},\n\nThis is a reminder to complete "{{course.name}}" (due {{assignment.due_date}}).\n\nContinue here: {{public_assignment_url}}' +
      SIGN_OFF,
    sms: 'Reminder: "{{course.name}}" is due {{assignment.due_date}}. {{public_assignment_url}}',
  },
  {
    type: 'reminder_supervisor',
    name: 'Manager reminder',
    subject: '{{user.full_name}} has not completed {{course.name}}',
    body:
      'Hello {{manager.first_name}},\n\n{{user.full_name}} has not yet completed "{{course.name}}", which was due {{assignment.due_date}}. Please remind them.\n\nDetails: {{public_assignment_url}}' +
      SIGN_OFF,
    sms: '{{user.full_name}} has not completed "{{course.name}}" (due {{assignment.due_date}}).',
  },
  {
    type: 'user_registration',
    name: 'Welcome',
    subject: 'Welcome to {{company.name}} training',
    body:
      'Hello {{user.first_name}},\n\nAn account has been created for you. Your username is {{user.username}}.\n\nSet your password and sign in: {{login_url}}' +
      SIGN_OFF,
    sms: 'Welcome to {{company.name}} training. Sign in: {{login_url}}',
  },
  {
    type: 'reset_password',
    name: 'Password reset',
    subject: 'Reset your password',
    body:
      'Hello {{user.first_name}},\n\nWe received a request to reset your password. Use this link within 60 minutes: {{reset_url}}\n\nIf you did not ask for this, ignore this message.' +
      SIGN_OFF,
    sms: 'Reset your {{company.name}} training password: {{reset_url}}',
  },
  {
    type: 'reset_password_completed',
    name: 'Password changed after reset',
    subject: 'Your password has been reset',
    body:
      'Hello {{user.first_name}},\n\nYour password was reset. If this was not you, contact your administrator at once.' +
      SIGN_OFF,
    sms: 'Your {{company.name}} training password was reset.',
  },
  {
    type: 'update_password',
    name: 'Password updated',
    subject: 'Your password was changed',
    body:
      'Hello {{user.first_name}},\n\nThe password of your account {{user.username}} was changed. If this was not you, contact your administrator.' +
      SIGN_OFF,
    sms: 'The password of your {{company.name}} training account was changed.',
  },
  {
    type: 'course_accessed',
    name: 'Course started',
    subject: '{{user.full_name}} started {{course.name}}',
    body:
      'Hello {{manager.first_name}},\n\n{{user.full_name}} started "{{course.name}}" (due {{assignment.due_date}}).' +
      SIGN_OFF,
    sms: '{{user.full_name}} started "{{course.name}}".',
  },
  {
    type: 'assignments_report',
    name: 'Assignments report',
    subject: 'Training status for your team',
    body:
      'Hello {{manager.first_name}},\n\nYour team has {{report.open_count}} open and {{report.overdue_count}} overdue assignments.\n\nSee the details: {{login_url}}' +
      SIGN_OFF,
    sms: 'Your team: {{report.open_count}} open, {{report.overdue_count}} overdue assignments.',
  },
];

/** Replaces `{{name}}` placeholders; unknown ones stay as they are. */
export function render(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_.]+)\s*\}\}/g, (match, key: string) => values[key] ?? match);
}
