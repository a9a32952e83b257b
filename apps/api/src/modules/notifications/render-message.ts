import type { NotificationContext, NotificationMethod, NotificationType } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import type { DeliveryRow } from '../../platform/mail.repository.ts';
import { assignmentLinkUrls } from '../assignment-links/index.ts';
import { companyLogoUrl } from '../companies/index.ts';
import { renderNotification } from '../notification-templates/index.ts';
import {
  countReportRows,
  findAssignmentForMessage,
  findCompanyForNotifications,
  findNotificationUser,
  findReportRows,
} from './pipeline.repository.ts';
import { localDate, safeTimeZone } from '../../platform/time-zone.ts';

/** Most report rows a manager message lists (the totals say how many there are). */
const REPORT_ROWS = 100;
const MANAGER_TYPES = new Set(['reminder_supervisor', 'assignments_report']);

type Company = NonNullable<Awaited<ReturnType<typeof findCompanyForNotifications>>>;

/** Caches what many deliveries of one run share (the company), and a batch's Assignment Details links. */
export class RenderCache {
  readonly companies = new Map<number, Company | undefined>();
  readonly assignmentUrls = new Map<number, string>();
}

/** The company of a delivery, read once per run. */
export async function cachedCompany(db: Kysely<Database>, cache: RenderCache, companyId: number) {
  if (!cache.companies.has(companyId)) cache.companies.set(companyId, await findCompanyForNotifications(db, companyId));
  return cache.companies.get(companyId);
}

/**
 * Makes the Assignment Details links of the messages about assignments that are about to be rendered,
 * all at once (assignments' `assignmentLinkUrls`: one select and at most one insert), so rendering a
 * batch is not a round trip per message for its link.
 */
export async function prepareAssignmentUrls(
  db: Kysely<Database>,
  config: Config,
  cache: RenderCache,
  assignmentIds: readonly (number | null)[],
  now: Date,
): Promise<void> {
  const wanted = assignmentIds.filter((id): id is number => id !== null && !cache.assignmentUrls.has(id));
  if (wanted.length === 0) return;
  const urls = await assignmentLinkUrls(db, { publicUrl: config.publicUrl, assignmentIds: wanted, now });
  for (const [id, url] of urls) cache.assignmentUrls.set(id, url);
}

/** The logo's signed public address (decision 077), or null when the branding names no logo file. */
const logoUrlOf = (config: Config, company: Company) =>
  company.logo_id !== null && company.logo_path !== null
    ? companyLogoUrl(config, { id: company.logo_id, company_id: company.id, path: company.logo_path })
    : null;

/** A delivery's message cannot be built (its user or assignment is gone): it fails without retries. */
export class UnrenderableError extends Error {}

const day = (at: string | null, timeZone: string) => (at ? localDate(new Date(at), timeZone) : null);
const base = (config: Config) => config.publicUrl.replace(/\/+$/, '');

/**
 * What a delivery's template is rendered with (the contract's NotificationContext): the recipient,
 * the assignment and course, the manager, a manager's overdue reports, the company's branding and
 * links; the context given when the event was queued goes on top.
 */
export type MessageSubject = Pick<DeliveryRow, 'company_id' | 'user_id' | 'assignment_id' | 'type' | 'context'>;

export async function buildContext(
  db: Kysely<Database>,
  config: Config,
  delivery: MessageSubject,
  now: Date,
  cache: RenderCache,
): Promise<NotificationContext> {
  if (delivery.company_id === null || delivery.user_id === null)
    throw new UnrenderableError('The message has no recipient.');
  const company = await cachedCompany(db, cache, delivery.company_id);
  if (!company) throw new UnrenderableError('The company no longer exists.');
  const user = await findNotificationUser(db, delivery.user_id);
  if (!user) throw new UnrenderableError('The recipient no longer exists.');
  const timeZone = safeTimeZone(company.time_zone);
  const context: NotificationContext = {
    user: { first_name: user.first_name, last_name: user.last_name, email: user.email, username: user.username },
    company: { name: company.name, logo_url: logoUrlOf(config, company), primary_color: company.primary_color },
    login_url: `${base(config)}/login`,
    public_assignment_url: `${base(config)}/`,
  };
  if (delivery.assignment_id !== null) {
    const assignment = await findAssignmentForMessage(db, delivery.assignment_id);
    if (!assignment) throw new UnrenderableError('The assignment no longer exists.');
    context.course = { name: assignment.course_name };
    // Every message about an assignment links to its details page (decision 083).
    await prepareAssignmentUrls(db, config, cache, [delivery.assignment_id], now);
    const url = cache.assignmentUrls.get(delivery.assignment_id);
    if (url) context.public_assignment_url = url;
    context.assignment = { due_date: day(assignment.due_at, timeZone), status: assignment.status };
  }
  if (MANAGER_TYPES.has(delivery.type)) {
    context.manager = { first_name: user.first_name, last_name: user.last_name };
    const overdueOnly = delivery.type === 'reminder_supervisor';
    const rows = await findReportRows(db, user.id, {
      overdueBefore: overdueOnly ? now : undefined,
      limit: REPORT_ROWS,
    });
    context.reports = rows.map((row) => ({
      first_name: row.first_name,
      last_name: row.last_name,
      course: row.course,
      due_date: day(row.due_at, timeZone),
    }));
    if (!overdueOnly) context.report = await countReportRows(db, user.id, now);
  } else if (user.manager_id !== null) {
    const manager = await findNotificationUser(db, user.manager_id);
    if (manager) context.manager = { first_name: manager.first_name, last_name: manager.last_name };
  }
  const extra = delivery.context ? (JSON.parse(delivery.context) as Partial<NotificationContext>) : {};
  return { ...context, ...extra };
}

/** Renders a delivery's message with the company's template (or the system default) of its type and method. */
export async function renderDelivery(
  db: Kysely<Database>,
  config: Config,
  delivery: DeliveryRow,
  now: Date,
  cache: RenderCache,
) {
  const context = await buildContext(db, config, delivery, now, cache);
  const message = await renderNotification(db, {
    companyId: delivery.company_id as number,
    type: delivery.type as NotificationType,
    method: delivery.method as NotificationMethod,
    templateId: delivery.template_id,
    context,
  });
  return {
    subject: delivery.method === 'sms' ? null : (message.subject ?? ''),
    body: message.text,
    html: delivery.method === 'sms' ? null : message.html,
  };
}

/**
 * An event's message rendered now, for the user it is about (the reset e-mail, whose link may only
 * exist in the sent message): the same context and template the pipeline would use.
 */
export async function renderEventMessage(
  db: Kysely<Database>,
  config: Config,
  input: {
    companyId: number;
    userId: number;
    type: NotificationType;
    method: NotificationMethod;
    context?: Partial<NotificationContext>;
  },
  now: Date,
) {
  const subject: MessageSubject = {
    company_id: input.companyId,
    user_id: input.userId,
    assignment_id: null,
    type: input.type,
    context: JSON.stringify(input.context ?? {}),
  };
  const context = await buildContext(db, config, subject, now, new RenderCache());
  const message = await renderNotification(db, {
    companyId: input.companyId,
    type: input.type,
    method: input.method,
    context,
  });
  return { subject: message.subject, text: message.text, html: input.method === 'sms' ? null : message.html };
}
