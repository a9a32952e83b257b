import { type Insertable, type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { castInteger, castText, idIn } from '../../db/dialect/index.ts';
import type { Database, DeliveriesTable } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';

// The SQL of the notification pipeline (decision 068): queueing event messages, the daily reminder
// pass's set-based inserts, and the look-ups a message is rendered from.

/** Assignments a reminder is about: not completed, not expired. Index `assignments_company_status` (company, status, due date, user: covering, migration 038). */
export const OPEN_ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'overdue'] as const;

/** The company a message is sent for, with its logo asset (the file its branding names, if it still exists). */
export async function findCompanyForNotifications(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('companies')
    .leftJoin('assets as logo', (join) =>
      join.onRef('logo.path', '=', 'companies.logo_path').onRef('logo.company_id', '=', 'companies.id'),
    )
    .select([
      'companies.id',
      'companies.name',
      'companies.time_zone',
      'companies.primary_color',
      'companies.suspended',
      'logo.id as logo_id',
      'logo.path as logo_path',
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
}

/** The companies the reminder pass visits: active ones with an enabled timed notification. */
export async function findCompaniesWithTimedNotifications(db: Kysely<Database>, companyId?: number) {
  return db
    .selectFrom('companies')
    .select(['companies.id', 'companies.time_zone'])
    .where('companies.suspended', '=', 0)
    .$if(companyId !== undefined, (qb) => qb.where('companies.id', '=', companyId as number))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications')
          .select('notifications.id')
          .whereRef('notifications.company_id', '=', 'companies.id')
          .where('notifications.enabled', '=', 1)
          .where('notifications.trigger', '!=', 'event'),
      ),
    )
    .orderBy('companies.id')
    .execute();
}

export async function findEnabledNotifications(
  db: Kysely<Database>,
  companyId: number,
  filter: { type?: string; timed?: boolean },
) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('enabled', '=', 1)
    .$if(filter.type !== undefined, (qb) => qb.where('type', '=', filter.type as string))
    .$if(filter.timed === true, (qb) => qb.where('trigger', '!=', 'event'))
    .$if(filter.timed === false, (qb) => qb.where('trigger', '=', 'event'))
    .orderBy('id')
    .execute();
}

export async function findNotificationUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'company_id', 'email', 'phone', 'suspended', 'first_name', 'last_name', 'username', 'manager_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Inserts deliveries; one whose `dedupe_key` exists already is skipped. Returns the ids inserted. */
export async function insertDeliveries(db: Kysely<Database>, rows: Insertable<DeliveriesTable>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('deliveries')
    .values(rows)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

const recipientColumn = (method: string) => (method === 'sms' ? 'phone' : 'email');

/** An event's schedule row and when its messages go out (after the row's quiet hours). */
export interface EventInsert {
  companyId: number;
  notification: { id: number; type: string; method: string; template_id: number | null; sender_id: number | null };
  sendAt: Date;
  now: Date;
}

/** A reminder step: its schedule row, the due window it covers and its key prefix. */
export interface StepInsert extends EventInsert {
  /** Assignments due in [dueFrom, dueTo). */
  dueFrom: Date;
  dueTo: Date;
  /** The key's prefix: the rest is the learner's assignment id (reminders) or the manager's user id. */
  keyPrefix: string;
}

/**
 * Assignments just written, by what marks them: a rule run's (`ruleRunId`), the company's above
 * `afterId` assigned at `assignedAt` (a New assignment chunk, under the company's write lock), or
 * their ids (the renewal pass's chunk, at most 1,000).
 */
export interface NewAssignments {
  ruleRunId?: number;
  afterId?: number;
  assignedAt?: string;
  ids?: readonly number[];
}

/**
 * One event message per new assignment whose learner is active and has an address for the method,
 * keyed `e:{row}:a{assignment}` (as `queueNotification` keys them), in one INSERT … SELECT: a rule
 * run of 100,000 learners is one statement per schedule row, never a row at a time.
 */
export async function insertAssignmentEvents(
  db: Kysely<Database>,
  dialect: Dialect,
  step: EventInsert & { assignments: NewAssignments },
): Promise<number> {
  const column = recipientColumn(step.notification.method);
  const { ruleRunId, afterId, assignedAt, ids } = step.assignments;
  const select = db
    .selectFrom('assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.company_id', '=', step.companyId)
    .$if(ruleRunId !== undefined, (qb) => qb.where('a.rule_run_id', '=', ruleRunId as number))
    .$if(afterId !== undefined, (qb) => qb.where('a.id', '>', afterId as number))
    .$if(assignedAt !== undefined, (qb) => qb.where('a.assigned_at', '=', assignedAt as string))
    .$if(ids !== undefined, (qb) => qb.where(idIn(dialect, 'a.id', ids as readonly number[])))
    .where('u.suspended', '=', 0)
    .where(`u.${column}`, 'is not', null)
    .where(`u.${column}`, '!=', '')
    .select(
      queuedDelivery(step, {
        from: 'a',
        assignment: 'a.id',
        recipient: `u.${column}`,
        key: [`e:${step.notification.id}:a`, 'a.id'],
      }),
    );
  return insertSelected(db, select);
}

/** One event message per given user (active, of the company, with an address), keyed `e:{row}:u{user}`. */
export async function insertUserEvents(
  db: Kysely<Database>,
  dialect: Dialect,
  step: EventInsert & { userIds: readonly number[] },
): Promise<number> {
  if (step.userIds.length === 0) return 0;
  const column = recipientColumn(step.notification.method);
  const select = db
    .selectFrom('users as u')
    .where('u.company_id', '=', step.companyId)
    .where(idIn(dialect, 'u.id', step.userIds))
    .where('u.suspended', '=', 0)
    .where(`u.${column}`, 'is not', null)
    .where(`u.${column}`, '!=', '')
    .select(
      queuedDelivery(step, {
        from: 'u',
        assignment: null,
        recipient: `u.${column}`,
        key: [`e:${step.notification.id}:u`, 'u.id'],
      }),
    );
  return insertSelected(db, select);
}

/**
 * One reminder step for every learner with an open assignment due in the window: one delivery per
 * assignment, keyed `{prefix}{assignment id}`, in one INSERT … SELECT (the due-date range rides the
 * `assignments_company_status` index). Returns how many were added.
 */
export async function insertLearnerStep(db: Kysely<Database>, step: StepInsert): Promise<number> {
  const column = recipientColumn(step.notification.method);
  const select = db
    .selectFrom('assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.company_id', '=', step.companyId)
    .where('a.status', 'in', OPEN_ASSIGNMENT_STATUSES)
    .where('a.due_at', '>=', iso(step.dueFrom))
    .where('a.due_at', '<', iso(step.dueTo))
    .where('u.suspended', '=', 0)
    .where(`u.${column}`, 'is not', null)
    .where(`u.${column}`, '!=', '')
    .select(
      queuedDelivery(step, { from: 'a', assignment: 'a.id', recipient: `u.${column}`, key: [step.keyPrefix, 'a.id'] }),
    );
  return insertSelected(db, select);
}

/**
 * One manager message per manager with at least one report whose open assignment is due in the
 * window (a manager reminder step), or with any active report (the team report), keyed `{prefix}{manager id}`:
 * the manager's other overdue reports join the same message when it is rendered.
 */
export async function insertManagerStep(
  db: Kysely<Database>,
  step: StepInsert & { anyDue?: boolean },
): Promise<number> {
  const column = recipientColumn(step.notification.method);
  const select = db
    .selectFrom('users as m')
    .where('m.company_id', '=', step.companyId)
    .where('m.suspended', '=', 0)
    .where(`m.${column}`, 'is not', null)
    .where(`m.${column}`, '!=', '')
    // Driven from the due day's range of the assignments index (the team report: from the company's
    // reports), never one look-up per user of the company.
    .where('m.id', 'in', (eb) =>
      step.anyDue
        ? eb
            .selectFrom('users as u')
            .select('u.manager_id')
            .where('u.company_id', '=', step.companyId)
            .where('u.manager_id', 'is not', null)
            .where('u.suspended', '=', 0)
        : eb
            .selectFrom('assignments as a')
            .innerJoin('users as u', 'u.id', 'a.user_id')
            .select('u.manager_id')
            .where('a.company_id', '=', step.companyId)
            .where('a.status', 'in', OPEN_ASSIGNMENT_STATUSES)
            .where('a.due_at', '>=', iso(step.dueFrom))
            .where('a.due_at', '<', iso(step.dueTo))
            .where('u.manager_id', 'is not', null)
            .where('u.suspended', '=', 0),
    )
    .select(
      queuedDelivery(step, { from: 'm', assignment: null, recipient: `m.${column}`, key: [step.keyPrefix, 'm.id'] }),
    );
  return insertSelected(db, select);
}

/**
 * The columns of a queued delivery for INSERT … SELECT: the company of `from`, the user `recipient`
 * names (`u.email`, `m.phone`…), the assignment if any, and the dedupe key `{prefix}{key column}`.
 */
function queuedDelivery(
  step: EventInsert,
  refs: { from: string; assignment: string | null; recipient: string; key: [string, string] },
) {
  const user = refs.recipient.split('.')[0]!;
  const [prefix, keyColumn] = refs.key;
  return [
    sql.ref(`${refs.from}.company_id`).as('company_id'),
    castInteger(step.notification.id).as('notification_id'),
    (refs.assignment === null ? sql<null>`NULL` : sql.ref(refs.assignment)).as('assignment_id'),
    sql.ref(`${user}.id`).as('user_id'),
    castText(step.notification.type).as('type'),
    castText(step.notification.method).as('method'),
    sql.ref(refs.recipient).as('recipient'),
    castText('').as('body'),
    castText('queued').as('status'),
    castText(iso(step.now)).as('created_at'),
    sql<string>`${castText(prefix)} || CAST(${sql.ref(keyColumn)} AS varchar(20))`.as('dedupe_key'),
    castText(iso(step.sendAt)).as('next_attempt_at'),
    castInteger(step.notification.sender_id).as('sender_id'),
    castInteger(step.notification.template_id).as('template_id'),
    castText('{}').as('context'),
  ];
}

const STEP_COLUMNS = [
  'company_id',
  'notification_id',
  'assignment_id',
  'user_id',
  'type',
  'method',
  'recipient',
  'body',
  'status',
  'created_at',
  'dedupe_key',
  'next_attempt_at',
  'sender_id',
  'template_id',
  'context',
] as const;

async function insertSelected(db: Kysely<Database>, select: any): Promise<number> {
  const result = await db
    .insertInto('deliveries')
    .columns([...STEP_COLUMNS])
    .expression(select)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

// ---- Rendering look-ups ----

export async function findAssignmentForMessage(db: Kysely<Database>, assignmentId: number) {
  return db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .select(['a.id', 'a.due_at', 'a.status', 'c.name as course_name', 'a.company_id'])
    .where('a.id', '=', assignmentId)
    .executeTakeFirst();
}

/** A manager's reports' open assignments: overdue ones (`overdueBefore` set) or all, soonest due first. */
export async function findReportRows(
  db: Kysely<Database>,
  managerId: number,
  options: { overdueBefore?: Date; limit: number },
) {
  return db
    .selectFrom('users as u')
    .innerJoin('assignments as a', 'a.user_id', 'u.id')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .select(['u.first_name', 'u.last_name', 'c.name as course', 'a.due_at', 'a.status'])
    .where('u.manager_id', '=', managerId)
    .where('u.suspended', '=', 0)
    .where('a.status', 'in', OPEN_ASSIGNMENT_STATUSES)
    .$if(options.overdueBefore !== undefined, (qb) => qb.where('a.due_at', '<', iso(options.overdueBefore as Date)))
    .orderBy('a.due_at')
    .orderBy('a.id')
    .limit(options.limit)
    .execute();
}

export async function countReportRows(db: Kysely<Database>, managerId: number, overdueBefore: Date) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('assignments as a', 'a.user_id', 'u.id')
    .select((eb) => [
      eb.fn.countAll<number>().as('open_count'),
      eb.fn.sum<number>(eb.case().when('a.due_at', '<', iso(overdueBefore)).then(1).else(0).end()).as('overdue_count'),
    ])
    .where('u.manager_id', '=', managerId)
    .where('u.suspended', '=', 0)
    .where('a.status', 'in', OPEN_ASSIGNMENT_STATUSES)
    .executeTakeFirst();
  return { open_count: Number(row?.open_count ?? 0), overdue_count: Number(row?.overdue_count ?? 0) };
}

/** Is a deliver job already waiting to run by `runAt`? */
export async function hasQueuedJob(db: Kysely<Database>, type: string, runAt: Date): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('type', '=', type)
    .where('status', '=', 'queued')
    .where('run_at', '<=', iso(runAt))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
