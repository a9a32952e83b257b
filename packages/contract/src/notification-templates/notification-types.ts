// The notification vocabulary (spec §3) and the placeholders templates may use. No zod here: the console's
// first chunk and the API's renderer both read it.

/** Notification types (spec §3), in the spec's order. */
export const NOTIFICATION_TYPES = [
  'course_accessed',
  'reset_password',
  'reset_password_completed',
  'update_password',
  'user_registration',
  'assignments_report',
  'course_assignment',
  'reminder_employee',
  'reminder_supervisor',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * How each type is shown (spec §3: the types are shown as they are, except reminder_employee
 * "User Reminder" and reminder_supervisor "Manager Reminder").
 */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  course_accessed: 'course_accessed',
  reset_password: 'reset_password',
  reset_password_completed: 'reset_password_completed',
  update_password: 'update_password',
  user_registration: 'user_registration',
  assignments_report: 'assignments_report',
  course_assignment: 'course_assignment',
  reminder_employee: 'User Reminder',
  reminder_supervisor: 'Manager Reminder',
};

/** Send methods (spec §3). */
export const NOTIFICATION_METHODS = ['email', 'sms'] as const;
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number];

/** Spec §3: sms is shown uppercase, the others capitalised. */
export function notificationMethodLabel(method: string): string {
  return method === 'sms' ? 'SMS' : method.charAt(0).toUpperCase() + method.slice(1);
}

export function notificationTypeLabel(type: string): string {
  return (NOTIFICATION_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

export const NOTIFICATION_METHOD_LABELS: Record<NotificationMethod, string> = {
  email: notificationMethodLabel('email'),
  sms: notificationMethodLabel('sms'),
};

/** One of a manager's reports in a grouped manager message. */
export interface NotificationReportRow {
  first_name: string;
  last_name: string;
  /** The course's name. */
  course: string;
  /** The due date as it should read in the message (e.g. 2026-12-01). */
  due_date: string | null;
}

/**
 * What a template is rendered with. The notification pipeline fills what the type has (a password
 * e-mail has no course); a placeholder whose value is missing renders empty. `user.full_name` and
 * `manager.full_name` are derived by the renderer.
 */
export interface NotificationContext {
  /** The person the message is about (a learner) — for manager messages the recipient is `manager`. */
  user: { first_name: string; last_name: string; email: string | null; username: string };
  course?: { name: string } | null;
  assignment?: { due_date: string | null; status: string } | null;
  manager?: { first_name: string; last_name: string } | null;
  /** A manager's overdue reports (reminder_supervisor) or team rows (assignments_report). */
  reports?: readonly NotificationReportRow[];
  /** Team totals of assignments_report. */
  report?: { open_count: number; overdue_count: number } | null;
  company: { name: string; logo_url: string | null; primary_color: string | null };
  login_url: string;
  public_assignment_url?: string | null;
  reset_url?: string | null;
}

/** One placeholder of the catalogue: what to type, what it means, what the preview shows. */
export interface PlaceholderInfo {
  /** The dotted path, e.g. `user.first_name` (for a list: `reports`). */
  key: string;
  description: string;
  /** The sample value the preview uses (for a list: a summary). */
  sample: string;
  /** What a click inserts; `{{ key }}` unless the placeholder is a list. */
  snippet: string;
  /** A list (loop over it with `{% for r in reports %}`); its rows' fields. */
  fields?: readonly string[];
}

const p = (key: string, description: string, sample: string): PlaceholderInfo => ({
  key,
  description,
  sample,
  snippet: `{{ ${key} }}`,
});

const USER = [
  p('user.first_name', "The user's first name", 'Jordan'),
  p('user.last_name', "The user's last name", 'Rivera'),
  p('user.full_name', "The user's first and last name", 'Jordan Rivera'),
  p('user.email', "The user's e-mail address", 'jordan.rivera@example.com'),
  p('user.username', "The user's username", 'jrivera'),
];
const COMPANY = [p('company.name', "The company's name", 'Acme Logistics')];
const LOGIN = p('login_url', 'The sign-in page', 'https://heed.example.com/login');
const COURSE = [
  p('course.name', "The course's name", 'Data Protection Essentials'),
  p('assignment.due_date', 'The due date of the assignment', '2026-12-15'),
  p('assignment.status', 'The status of the assignment', 'In Progress'),
  p(
    'public_assignment_url',
    "A link to the assignment's details (no sign-in needed)",
    'https://heed.example.com/public/assignments?token=sample',
  ),
];
const MANAGER = [
  p('manager.first_name', "The manager's first name", 'Morgan'),
  p('manager.last_name', "The manager's last name", 'Lee'),
  p('manager.full_name', "The manager's first and last name", 'Morgan Lee'),
];
const REPORT_FIELDS = ['first_name', 'last_name', 'course', 'due_date'] as const;
const REPORTS: PlaceholderInfo = {
  key: 'reports',
  description: "The manager's overdue reports: loop over them; each has first_name, last_name, course, due_date",
  sample: '2 reports',
  snippet:
    '{% for r in reports %}\n- {{ r.first_name }} {{ r.last_name }}: {{ r.course }} (due {{ r.due_date }})\n{% endfor %}',
  fields: REPORT_FIELDS,
};
const RESET = p(
  'reset_url',
  'The password reset link (valid for 60 minutes)',
  'https://heed.example.com/password/reset?token=sample',
);

/** The placeholders each type's templates may use; anything else is refused when a template is saved. */
export const NOTIFICATION_PLACEHOLDERS: Record<NotificationType, readonly PlaceholderInfo[]> = {
  course_accessed: [...USER, ...COURSE, ...MANAGER, ...COMPANY, LOGIN],
  reset_password: [...USER, RESET, ...COMPANY, LOGIN],
  reset_password_completed: [...USER, ...COMPANY, LOGIN],
  update_password: [...USER, ...COMPANY, LOGIN],
  user_registration: [...USER, ...COMPANY, LOGIN],
  assignments_report: [
    ...USER,
    ...MANAGER,
    REPORTS,
    p('report.open_count', "How many of the team's assignments are open", '12'),
    p('report.overdue_count', "How many of the team's assignments are overdue", '3'),
    ...COMPANY,
    LOGIN,
  ],
  course_assignment: [...USER, ...COURSE, ...COMPANY, LOGIN],
  reminder_employee: [...USER, ...COURSE, ...MANAGER, ...COMPANY, LOGIN],
  reminder_supervisor: [...USER, ...MANAGER, REPORTS, ...COURSE, ...COMPANY, LOGIN],
};

/** The sample data of the preview. */
export const SAMPLE_NOTIFICATION_CONTEXT: NotificationContext = {
  user: { first_name: 'Jordan', last_name: 'Rivera', email: 'jordan.rivera@example.com', username: 'jrivera' },
  course: { name: 'Data Protection Essentials' },
  assignment: { due_date: '2026-12-15', status: 'In Progress' },
  manager: { first_name: 'Morgan', last_name: 'Lee' },
  reports: [
    { first_name: 'Jordan', last_name: 'Rivera', course: 'Data Protection Essentials', due_date: '2026-11-02' },
    { first_name: 'Sam', last_name: 'Okafor', course: 'Workplace Safety', due_date: '2026-11-09' },
  ],
  report: { open_count: 12, overdue_count: 3 },
  company: { name: 'Acme Logistics', logo_url: null, primary_color: '#1c7ed6' },
  login_url: 'https://heed.example.com/login',
  public_assignment_url: 'https://heed.example.com/public/assignments?token=sample',
  reset_url: 'https://heed.example.com/password/reset?token=sample',
};

/** Characters of one SMS part: 160 in the GSM 7-bit alphabet, 70 otherwise (153 / 67 when split). */
const GSM = /^[\n\r @£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

/** How long an SMS is: characters and the parts it is sent in. */
export function smsLength(text: string): { characters: number; parts: number; encoding: 'gsm' | 'unicode' } {
  const gsm = GSM.test(text);
  const characters = [...text].length;
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  return {
    characters,
    parts: characters === 0 ? 0 : characters <= single ? 1 : Math.ceil(characters / multi),
    encoding: gsm ? 'gsm' : 'unicode',
  };
}

/** A class on the e-mail's <html> that applies its dark-mode rules (the console's dark preview). */
export const EMAIL_DARK_PREVIEW_CLASS = 'heed-dark';
