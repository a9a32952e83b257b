import { z } from 'zod';
import { listQuery, timestamp } from '../common.ts';
import {
  NOTIFICATION_METHODS,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../notification-templates/notification-types.ts';

// The notification schedule (one row per notification) and the delivery log (decision 068).

/** When a notification is sent: on its event; N days before or after the due date; every N days (a report). */
export const NOTIFICATION_TRIGGERS = ['event', 'before_due', 'after_due', 'periodic'] as const;
export type NotificationTrigger = (typeof NOTIFICATION_TRIGGERS)[number];
export const NOTIFICATION_TRIGGER_LABELS: Record<NotificationTrigger, string> = {
  event: 'On the event',
  before_due: 'Before the due date',
  after_due: 'After the due date',
  periodic: 'Every N days',
};

/** The triggers each type may use: reminders follow due dates, the team report recurs, the rest follow their event. */
export function triggersOf(type: NotificationType): readonly NotificationTrigger[] {
  if (type === 'reminder_employee') return ['before_due', 'after_due'];
  if (type === 'reminder_supervisor') return ['after_due'];
  if (type === 'assignments_report') return ['periodic'];
  return ['event'];
}

/** Reminders go out at this hour of the company's time zone (outside the row's quiet hours). */
export const NOTIFICATION_MORNING_HOUR = 8;
export const NOTIFICATION_LIMITS = { offsetDays: 365, repeatEveryDays: 365, repeatMax: 52 } as const;

export const NOTIFICATION_MESSAGES = {
  triggerForType: 'This timing is not available for this type of notification.',
  offsetRequired: 'Enter the number of days.',
  repeatPair: 'Enter both how often to repeat and how many times, or neither.',
  periodRequired: 'Enter how often the report is sent, in days.',
  quietPair: 'Enter both the start and the end of the quiet hours, or neither.',
  quietFormat: 'Enter a time as HH:MM.',
  template: 'Choose a template of this type and send method.',
  sender: 'Choose a sender from the list: a Company or Department Manager who is not deactivated.',
  resendReset: 'Password reset links are not sent again: ask for a new link instead.',
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const days = (max: number) => z.number().int().min(0).max(max);
const quiet = z.string().regex(HHMM, NOTIFICATION_MESSAGES.quietFormat).nullable().optional();

export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  method: z.enum(NOTIFICATION_METHODS),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  sender_id: z.number().int().nullable(),
  sender_name: z.string().nullable(),
  trigger: z.enum(NOTIFICATION_TRIGGERS),
  offset_days: z.number().int().nullable(),
  repeat_every_days: z.number().int().nullable(),
  repeat_max: z.number().int().nullable(),
  quiet_start: z.string().nullable(),
  quiet_end: z.string().nullable(),
  enabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Notification = z.infer<typeof notification>;

/** POST /notifications and PUT /notifications/{id}; the combination rules are checked by the server (422). */
export const notificationBody = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  method: z.enum(NOTIFICATION_METHODS),
  template_id: z.number().int().positive().nullable().default(null),
  sender_id: z.number().int().positive().nullable().default(null),
  trigger: z.enum(NOTIFICATION_TRIGGERS),
  offset_days: days(NOTIFICATION_LIMITS.offsetDays).nullable().default(null),
  repeat_every_days: z.number().int().min(1).max(NOTIFICATION_LIMITS.repeatEveryDays).nullable().default(null),
  repeat_max: z.number().int().min(1).max(NOTIFICATION_LIMITS.repeatMax).nullable().default(null),
  quiet_start: quiet.default(null),
  quiet_end: quiet.default(null),
  enabled: z.boolean().default(true),
});
export type NotificationBody = z.input<typeof notificationBody>;

export const NOTIFICATION_SORTS = ['id', 'type', 'method', 'trigger', 'updated_at'] as const;
export const listNotificationsQuery = listQuery(NOTIFICATION_SORTS);
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'outbox'] as const;
export type DeliveryStatusName = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatusName, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  outbox: 'Outbox',
};

const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((raw) => (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')).filter((v) => v !== ''))
    .pipe(z.array(z.enum(values)).max(values.length * 2));
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');

/** The delivery log's filters, given as `status=…` or as the list page's `field[status]=…` (comma lists). */
export const deliveryFilters = z.object({
  status: csvOf(DELIVERY_STATUSES).optional(),
  type: csvOf([...NOTIFICATION_TYPES, 'test_notification'] as const).optional(),
  method: csvOf(NOTIFICATION_METHODS).optional(),
  from: day.optional(),
  to: day.optional(),
  notification_id: z.coerce.number().int().positive().optional(),
});
export const DELIVERY_FILTERS = ['status', 'type', 'method', 'from', 'to', 'notification_id'] as const;
export const DELIVERY_SORTS = ['created_at', 'id'] as const;

/** GET /notifications/deliveries: newest first by default; text matches the recipient and the subject. */
export const listDeliveriesQuery = listQuery(DELIVERY_SORTS).extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  ...deliveryFilters.shape,
});
export type ListDeliveriesQuery = z.input<typeof listDeliveriesQuery>;
export const exportDeliveriesQuery = listDeliveriesQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx'),
});

export const delivery = z.object({
  id: z.number().int(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
  next_attempt_at: timestamp.nullable(),
  recipient: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  type: z.string(),
  method: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  subject: z.string().nullable(),
  notification_id: z.number().int().nullable(),
});
export type Delivery = z.infer<typeof delivery>;
