import { z } from 'zod';
import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import { dnsCheck, emailSettings, emailSettingsBody, emailTestBody, emailTestResult } from './email-settings.ts';
import type { notificationsEndpointRoutes } from './endpoint-routes.ts';
import {
  delivery,
  exportDeliveriesQuery,
  listDeliveriesQuery,
  listNotificationsQuery,
  notification,
  notificationBody,
} from './notifications.ts';

/** The summary and schemas of each notifications endpoint, joined to its route in `endpoints`. */
export const notificationsEndpoints = {
  listNotifications: {
    summary: "The company's notification schedule, paged, with the company's time zone",
    query: listNotificationsQuery,
    response: paged(notification).extend({ time_zone: z.string() }),
  },
  getNotification: { summary: 'One notification of the schedule', params: idParam, response: single(notification) },
  createNotification: {
    summary: 'Adds a notification to the schedule (422 when timing, template or sender do not fit its type)',
    body: notificationBody,
    response: single(notification),
  },
  updateNotification: {
    summary: 'Changes a notification of the schedule',
    params: idParam,
    body: notificationBody,
    response: single(notification),
  },
  deleteNotification: { summary: 'Removes a notification from the schedule', params: idParam },
  listDeliveries: {
    summary: 'The delivery log: every message queued, sent, failed (with the error) or kept in the outbox',
    query: listDeliveriesQuery,
    response: paged(delivery),
  },
  exportDeliveries: { summary: 'The delivery log with the same filters, as CSV or XLSX', query: exportDeliveriesQuery },
  resendDelivery: {
    summary: 'Queues the message of a delivery again, as a new delivery',
    params: idParam,
    response: single(delivery),
  },
  getEmailSettings: {
    summary: "The company's e-mail settings (the password is never returned)",
    response: single(emailSettings),
  },
  updateEmailSettings: {
    summary: "Saves the company's e-mail settings; the password is write-only and stored encrypted",
    body: emailSettingsBody,
    response: single(emailSettings),
  },
  testEmailSettings: {
    summary: 'Sends a test notification now and answers the SMTP conversation',
    body: emailTestBody,
    response: single(emailTestResult),
  },
  checkEmailDns: { summary: "SPF, DKIM and DMARC records of the sender address's domain", response: single(dnsCheck) },
} satisfies { [N in keyof typeof notificationsEndpointRoutes]: EndpointSchemas };
