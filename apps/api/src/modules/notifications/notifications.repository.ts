import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/types.ts';

// The schedule (notifications) and the delivery log (deliveries): the console's reads and writes.

const SCHEDULE_COLUMNS = [
  'n.id',
  'n.company_id',
  'n.type',
  'n.method',
  'n.template_id',
  'n.sender_id',
  'n.trigger',
  'n.offset_days',
  'n.repeat_every_days',
  'n.repeat_max',
  'n.quiet_start',
  'n.quiet_end',
  'n.enabled',
  'n.created_at',
  'n.updated_at',
] as const;

function scheduleQuery(db: Kysely<Database>) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('notification_templates as t', 't.id', 'n.template_id')
    .leftJoin('users as s', 's.id', 'n.sender_id')
    .select(SCHEDULE_COLUMNS)
    .select(['t.name as template_name', 's.first_name as sender_first', 's.last_name as sender_last']);
}
export type ScheduleRow = NonNullable<Awaited<ReturnType<typeof findNotification>>>;

export async function findNotification(db: Kysely<Database>, companyId: number, id: number) {
  return scheduleQuery(db).where('n.company_id', '=', companyId).where('n.id', '=', id).executeTakeFirst();
}

const SCHEDULE_ORDER = {
  id: 'n.id',
  type: 'n.type',
  method: 'n.method',
  trigger: 'n.trigger',
  updated_at: 'n.updated_at',
} as const;

export async function listNotificationsPage(
  db: Kysely<Database>,
  companyId: number,
  page: { sort: keyof typeof SCHEDULE_ORDER; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    scheduleQuery(db)
      .where('n.company_id', '=', companyId)
      .orderBy(SCHEDULE_ORDER[page.sort], page.order)
      .orderBy('n.id', page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insertNotification(db: Kysely<Database>, row: Insertable<NotificationsTable>) {
  const inserted = await db.insertInto('notifications').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateNotification(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  row: Updateable<NotificationsTable>,
) {
  await db.updateTable('notifications').set(row).where('company_id', '=', companyId).where('id', '=', id).execute();
}

export async function deleteNotification(db: Kysely<Database>, companyId: number, id: number) {
  await db.deleteFrom('notifications').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** A template the row may use: the company's own or a system default, of the same type and method. */
export async function findUsableTemplate(db: Kysely<Database>, companyId: number, templateId: number) {
  return db
    .selectFrom('notification_templates')
    .select(['id', 'type', 'method'])
    .where('id', '=', templateId)
    .where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]))
    .executeTakeFirst();
}

/** A sender of the senders list (spec §6): a user of the company with role 1 or 2, not deactivated. */
export async function findSender(db: Kysely<Database>, companyId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .where('role', 'in', [1, 2])
    .where('suspended', '=', 0)
    .executeTakeFirst();
}

export async function findCompanyTimeZone(db: Kysely<Database>, companyId: number): Promise<string> {
  const row = await db.selectFrom('companies').select('time_zone').where('id', '=', companyId).executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}

// ---- The delivery log ----

export interface DeliveryCriteria {
  companyId: number;
  /** Department ids in the caller's reach; null: the whole company. */
  scope: number[] | null;
  statuses?: string[];
  types?: string[];
  methods?: string[];
  from?: string;
  to?: string;
  text?: string;
  notificationId?: number;
}

function deliveriesQuery(db: Kysely<Database>, c: DeliveryCriteria) {
  return db
    .selectFrom('deliveries as d')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .where('d.company_id', '=', c.companyId)
    .$if(c.scope !== null, (qb) =>
      qb.where((eb) =>
        (c.scope as number[]).length === 0 ? eb.val(false) : eb('u.department_id', 'in', c.scope as number[]),
      ),
    )
    .$if(c.statuses !== undefined, (qb) => qb.where('d.status', 'in', c.statuses as string[]))
    .$if(c.types !== undefined, (qb) => qb.where('d.type', 'in', c.types as string[]))
    .$if(c.methods !== undefined, (qb) => qb.where('d.method', 'in', c.methods as string[]))
    .$if(c.from !== undefined, (qb) => qb.where('d.created_at', '>=', c.from as string))
    .$if(c.to !== undefined, (qb) => qb.where('d.created_at', '<', c.to as string))
    .$if(c.notificationId !== undefined, (qb) => qb.where('d.notification_id', '=', c.notificationId as number))
    .$if(c.text !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['d.recipient']), 'like', `%${(c.text as string).toLowerCase()}%`),
          eb(eb.fn('lower', ['d.subject']), 'like', `%${(c.text as string).toLowerCase()}%`),
        ]),
      ),
    );
}

const DELIVERY_COLUMNS = [
  'd.id',
  'd.created_at',
  'd.sent_at',
  'd.next_attempt_at',
  'd.recipient',
  'd.user_id',
  'd.type',
  'd.method',
  'd.status',
  'd.error',
  'd.attempts',
  'd.subject',
  'd.notification_id',
  'u.first_name',
  'u.last_name',
] as const;

export async function listDeliveriesPage(
  db: Kysely<Database>,
  c: DeliveryCriteria,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const [rows, total] = await Promise.all([
    deliveriesQuery(db, c)
      .select(DELIVERY_COLUMNS)
      .orderBy('d.created_at', page.order)
      .orderBy('d.id', page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    deliveriesQuery(db, c)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type DeliveryListRow = Awaited<ReturnType<typeof listDeliveriesPage>>['rows'][number];

/** The log for export, in chunks after an id (newest first). */
export async function listDeliveriesChunk(
  db: Kysely<Database>,
  c: DeliveryCriteria,
  beforeId: number | null,
  limit: number,
) {
  return deliveriesQuery(db, c)
    .select(DELIVERY_COLUMNS)
    .$if(beforeId !== null, (qb) => qb.where('d.id', '<', beforeId as number))
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findDeliveryInCompany(db: Kysely<Database>, companyId: number, id: number) {
  return db
    .selectFrom('deliveries as d')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .selectAll('d')
    .select(['u.department_id', 'u.first_name', 'u.last_name'])
    .where('d.company_id', '=', companyId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function findDeliveryListRow(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('deliveries as d')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .select(DELIVERY_COLUMNS)
    .where('d.id', '=', id)
    .executeTakeFirstOrThrow();
}
