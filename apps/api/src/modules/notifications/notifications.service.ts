import {
  type DeliveryStatusName,
  NOTIFICATION_MESSAGES,
  type NotificationTrigger,
  DELIVERY_FILTERS,
  DELIVERY_STATUS_LABELS,
  deliveryFilters,
  type exportDeliveriesQuery,
  fieldFilters,
  type listDeliveriesQuery,
  notificationMethodLabel,
  type listNotificationsQuery,
  type notificationBody,
  notificationTypeLabel,
  triggersOf,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { type FieldErrors, invalid, invalidField, notFound } from '../../platform/errors.ts';
import type { Cell, SpreadsheetDownload } from '../../platform/files/spreadsheet.ts';
import { departmentScope, isDepartmentInScope } from '../../platform/scope.ts';
import {
  type DeliveryCriteria,
  type DeliveryListRow,
  type ScheduleRow,
  deleteNotification,
  findCompanyTimeZone,
  findDeliveryInCompany,
  findDeliveryListRow,
  findNotification,
  findSender,
  findUsableTemplate,
  insertNotification,
  listDeliveriesChunk,
  listDeliveriesPage,
  listNotificationsPage,
  updateNotification,
} from './notifications.repository.ts';
import { insertDeliveries } from './pipeline.repository.ts';
import { ensureDeliverJob } from './queue-notification.ts';

type Body = z.output<typeof notificationBody>;

/** Paged-list meta (PRODUCT.md "Lists"). Not users' pageMeta: importing the users module would close a cycle (password-reset → here). */
const pageMeta = (page: number, perPage: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});

export function toNotification(row: ScheduleRow) {
  const sender = row.sender_first === null ? null : `${row.sender_first} ${row.sender_last ?? ''}`.trim();
  return {
    id: row.id,
    type: row.type as Body['type'],
    method: row.method as Body['method'],
    template_id: row.template_id,
    template_name: row.template_name ?? null,
    sender_id: row.sender_id,
    sender_name: sender,
    trigger: row.trigger as NotificationTrigger,
    offset_days: row.offset_days,
    repeat_every_days: row.repeat_every_days,
    repeat_max: row.repeat_max,
    quiet_start: row.quiet_start,
    quiet_end: row.quiet_end,
    enabled: row.enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The rules of a schedule row beyond field shapes: timing that fits the type, a usable template and sender. */
async function checkBody(db: Kysely<Database>, companyId: number, body: Body): Promise<Body> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (!triggersOf(body.type).includes(body.trigger)) add('trigger', NOTIFICATION_MESSAGES.triggerForType);
  const timedByDue = body.trigger === 'before_due' || body.trigger === 'after_due';
  if (timedByDue && body.offset_days === null) add('offset_days', NOTIFICATION_MESSAGES.offsetRequired);
  if (timedByDue && (body.repeat_every_days === null) !== (body.repeat_max === null))
    add(body.repeat_every_days === null ? 'repeat_every_days' : 'repeat_max', NOTIFICATION_MESSAGES.repeatPair);
  if (body.trigger === 'periodic' && body.repeat_every_days === null)
    add('repeat_every_days', NOTIFICATION_MESSAGES.periodRequired);
  if (((body.quiet_start ?? null) === null) !== ((body.quiet_end ?? null) === null))
    add(body.quiet_start ? 'quiet_end' : 'quiet_start', NOTIFICATION_MESSAGES.quietPair);
  if (body.template_id !== null) {
    const template = await findUsableTemplate(db, companyId, body.template_id);
    if (!template || template.type !== body.type || template.method !== body.method)
      add('template_id', NOTIFICATION_MESSAGES.template);
  }
  if (body.sender_id !== null && !(await findSender(db, companyId, body.sender_id)))
    add('sender_id', NOTIFICATION_MESSAGES.sender);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  // What the timing does not use is not kept.
  return {
    ...body,
    offset_days: timedByDue ? body.offset_days : null,
    repeat_every_days: timedByDue || body.trigger === 'periodic' ? body.repeat_every_days : null,
    repeat_max: timedByDue ? body.repeat_max : null,
    quiet_start: body.quiet_start ?? null,
    quiet_end: body.quiet_end ?? null,
  };
}

export async function listSchedule(
  db: Kysely<Database>,
  ctx: AuthedContext,
  query: z.output<typeof listNotificationsQuery>,
) {
  const { rows, total } = await listNotificationsPage(db, ctx.companyId, {
    sort: query.sort,
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map(toNotification),
    meta: pageMeta(query.page, query.per_page, total),
    time_zone: await findCompanyTimeZone(db, ctx.companyId),
  };
}

export async function getScheduleRow(db: Kysely<Database>, ctx: AuthedContext, id: number) {
  const row = await findNotification(db, ctx.companyId, id);
  if (!row) throw notFound();
  return toNotification(row);
}

const rowValues = (body: Body) => ({
  type: body.type,
  method: body.method,
  template_id: body.template_id,
  sender_id: body.sender_id,
  trigger: body.trigger,
  offset_days: body.offset_days,
  repeat_every_days: body.repeat_every_days,
  repeat_max: body.repeat_max,
  quiet_start: body.quiet_start ?? null,
  quiet_end: body.quiet_end ?? null,
  enabled: body.enabled ? 1 : 0,
});

export async function createScheduleRow(db: Kysely<Database>, ctx: AuthedContext, input: Body) {
  const body = await checkBody(db, ctx.companyId, input);
  const stamp = iso(ctx.now());
  return db.transaction().execute(async (trx) => {
    const id = await insertNotification(trx, {
      company_id: ctx.companyId,
      ...rowValues(body),
      created_at: stamp,
      updated_at: stamp,
    });
    const created = toNotification((await findNotification(trx, ctx.companyId, id))!);
    await audit(trx, ctx, { action: 'notification.created', entityType: 'notification', entityId: id, after: created });
    return created;
  });
}

export async function updateScheduleRow(db: Kysely<Database>, ctx: AuthedContext, id: number, input: Body) {
  const before = await findNotification(db, ctx.companyId, id);
  if (!before) throw notFound();
  const body = await checkBody(db, ctx.companyId, input);
  return db.transaction().execute(async (trx) => {
    await updateNotification(trx, ctx.companyId, id, { ...rowValues(body), updated_at: iso(ctx.now()) });
    const after = toNotification((await findNotification(trx, ctx.companyId, id))!);
    await audit(trx, ctx, {
      action: 'notification.updated',
      entityType: 'notification',
      entityId: id,
      before: toNotification(before),
      after,
    });
    return after;
  });
}

export async function deleteScheduleRow(db: Kysely<Database>, ctx: AuthedContext, id: number) {
  const before = await findNotification(db, ctx.companyId, id);
  if (!before) throw notFound();
  await db.transaction().execute(async (trx) => {
    await deleteNotification(trx, ctx.companyId, id);
    await audit(trx, ctx, {
      action: 'notification.deleted',
      entityType: 'notification',
      entityId: id,
      before: toNotification(before),
    });
  });
}

// ---- The delivery log ----

type DeliveriesQuery = z.output<typeof listDeliveriesQuery>;
type ExportQuery = z.output<typeof exportDeliveriesQuery>;

/** The filters of a log query: `status=…` or the list page's `field[status]=…`; a bad value is a 422 on its field. */
function filtersOf(q: DeliveriesQuery): z.output<typeof deliveryFilters> {
  const fields = fieldFilters(q as Record<string, unknown>);
  const given: Record<string, unknown> = {};
  for (const name of DELIVERY_FILTERS) {
    const value = fields[name]?.join(',') ?? q[name];
    if (value !== undefined && value !== '') given[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const parsed = deliveryFilters.safeParse(given);
  if (parsed.success) return parsed.data;
  const details: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = `field[${String(issue.path[0])}]`;
    details[key] = [...(details[key] ?? []), issue.message];
  }
  throw invalid(details);
}

async function deliveryCriteria(
  db: Kysely<Database>,
  ctx: AuthedContext,
  q: DeliveriesQuery,
): Promise<DeliveryCriteria> {
  const f = filtersOf(q);
  if (f.from && f.to && f.from > f.to) throw invalidField('field[to]', 'The end date is before the start date.');
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  return {
    companyId: ctx.companyId,
    scope: await departmentScope(db, ctx),
    ...(f.status?.length ? { statuses: f.status } : {}),
    ...(f.type?.length ? { types: f.type } : {}),
    ...(f.method?.length ? { methods: f.method } : {}),
    ...(f.from ? { from: `${f.from}T00:00:00.000Z` } : {}),
    ...(f.to ? { to: nextDay(f.to) } : {}),
    ...(q.text ? { text: q.text } : {}),
    ...(f.notification_id ? { notificationId: f.notification_id } : {}),
  };
}

export function toDelivery(row: DeliveryListRow) {
  return {
    id: row.id,
    created_at: row.created_at,
    sent_at: row.sent_at,
    next_attempt_at: row.next_attempt_at,
    recipient: row.recipient,
    user_id: row.user_id,
    user_name: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    type: row.type,
    method: row.method,
    status: row.status as DeliveryStatusName,
    error: row.error,
    attempts: row.attempts,
    subject: row.subject,
    notification_id: row.notification_id,
  };
}

export async function listDeliveries(db: Kysely<Database>, ctx: AuthedContext, q: DeliveriesQuery) {
  const criteria = await deliveryCriteria(db, ctx, q);
  const { rows, total } = await listDeliveriesPage(db, criteria, {
    order: q.order,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return { data: rows.map(toDelivery), meta: pageMeta(q.page, q.per_page, total) };
}

const EXPORT_HEADER = [
  'When',
  'Recipient',
  'User',
  'Type',
  'Method',
  'Status',
  'Attempts',
  'Sent at',
  'Subject',
  'Error',
];

async function* exportRows(db: Kysely<Database>, criteria: DeliveryCriteria): AsyncIterable<Cell[][]> {
  let before: number | null = null;
  for (;;) {
    const rows = await listDeliveriesChunk(db, criteria, before, 2_000);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const d = toDelivery(row);
      return [
        d.created_at,
        d.recipient,
        d.user_name,
        notificationTypeLabel(d.type),
        notificationMethodLabel(d.method),
        DELIVERY_STATUS_LABELS[d.status] ?? d.status,
        d.attempts,
        d.sent_at,
        d.subject,
        d.error,
      ];
    });
    before = rows[rows.length - 1]!.id;
  }
}

/** The log as CSV or XLSX (newest first) with the list's filters, streamed; audited once it ends. */
export async function exportDeliveries(db: Kysely<Database>, ctx: AuthedContext, q: ExportQuery) {
  const criteria = await deliveryCriteria(db, ctx, q);
  const day = iso(ctx.now()).slice(0, 10);
  return {
    filename: `delivery-log-${day}`,
    sheetName: 'Delivery log',
    header: EXPORT_HEADER,
    format: q.format,
    rows: exportRows(db, criteria),
    onEnd: ({ rows, completed }: { rows: number; completed: boolean }) =>
      audit(db, ctx, {
        action: 'deliveries.export',
        entityType: 'delivery',
        after: { format: q.format, rows, completed },
      }),
  } satisfies SpreadsheetDownload;
}

/**
 * Resend: the same message to the same recipient as a new delivery (queued now), audited. A message
 * about an assignment is rendered again when it is sent, so it carries a live Assignment Details link
 * (the first one may have been revoked or be near its end, decision 083) and the assignment as it is
 * now; others are sent as they were. A reset e-mail is not resent: its link was removed once it was sent.
 */
export async function resendDelivery(db: Kysely<Database>, ctx: AuthedContext, id: number) {
  const original = await findDeliveryInCompany(db, ctx.companyId, id);
  if (!original || !isDepartmentInScope(await departmentScope(db, ctx), original.department_id)) throw notFound();
  if (original.type === 'reset_password') throw invalidField('id', NOTIFICATION_MESSAGES.resendReset);
  const now = ctx.now();
  return db.transaction().execute(async (trx) => {
    const [newId] = await insertDeliveries(trx, [
      {
        company_id: original.company_id,
        notification_id: original.notification_id,
        assignment_id: original.assignment_id,
        user_id: original.user_id,
        type: original.type,
        method: original.method,
        recipient: original.recipient,
        // An empty body is rendered at send time (deliver.job.ts).
        ...(original.assignment_id !== null
          ? { subject: null, body: '', html: null }
          : { subject: original.subject, body: original.body, html: original.html }),
        status: 'queued',
        created_at: iso(now),
        next_attempt_at: iso(now),
        sender_id: original.sender_id,
        template_id: original.template_id,
        context: original.context ?? '{}',
      },
    ]);
    await ensureDeliverJob(trx, now);
    await audit(trx, ctx, {
      action: 'delivery.resent',
      entityType: 'delivery',
      entityId: newId,
      after: { original_id: id, recipient: original.recipient, type: original.type },
    });
    const row = await findDeliveryListRow(trx, newId!);
    return toDelivery(row);
  });
}
