import {
  type ListTemplatesQuery,
  NOTIFICATION_METHODS,
  NOTIFICATION_TYPES,
  type NotificationMethod,
  type NotificationTemplate,
  type NotificationType,
  SAMPLE_NOTIFICATION_CONTEXT,
  TEMPLATE_LIMITS,
  type TemplateCreateBody,
  type TemplateListItem,
  type TemplatePreview,
  type TemplatePreviewBody,
  type TemplateUpdateBody,
  type PageMeta,
  TEMPLATE_FILTERS,
  TEMPLATE_SOURCES,
  type TemplateSource,
  fieldFilters,
  smsLength,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError, type FieldErrors, forbidden, invalid, invalidField, notFound } from '../../platform/errors.ts';
import { pageMeta } from '../../platform/page-meta.ts';
import { defaultTexts } from './default-templates.ts';
import { toTemplate, toTemplateListItem } from './notification-templates.mapper.ts';
import {
  deleteCompanyTemplates,
  findCompanyBranding,
  findCompanyTemplates,
  findOverride,
  findSystemDefault,
  findVisibleTemplate,
  insertSystemDefaults,
  insertTemplate,
  listSystemDefaultKeys,
  listTemplateRows,
  type TemplateRow,
  updateTemplateRow,
} from './notification-templates.repository.ts';
import { renderCompiled, smsPreviewHtml } from './render.ts';
import { type TemplateTexts, compileTemplate } from './template-engine.ts';

export interface TemplatesDeps {
  db: Kysely<Database>;
}

/** Databases whose system defaults are known to be complete (they are never deleted). */
const defaultsComplete = new WeakSet<object>();

/**
 * Every (type, method) has a system default row: the demo seeds them; a database without them (a
 * fresh install) gets the built-in texts inserted once, idempotently.
 */
export async function ensureSystemDefaults(db: Kysely<Database>, now: Date): Promise<void> {
  if (defaultsComplete.has(db)) return;
  const present = new Set((await listSystemDefaultKeys(db)).map((k) => `${k.type}/${k.method}`));
  const stamp = iso(now);
  const missing = NOTIFICATION_TYPES.flatMap((type) =>
    NOTIFICATION_METHODS.filter((method) => !present.has(`${type}/${method}`)).map((method) => ({
      company_id: null,
      type,
      method,
      ...defaultTexts(type, method),
      created_at: stamp,
      updated_at: stamp,
    })),
  );
  await insertSystemDefaults(db, missing);
  defaultsComplete.add(db);
}

function checkTexts(type: NotificationType, method: NotificationMethod, texts: TemplateTexts) {
  const errors: FieldErrors = {};
  if (method === 'sms' && texts.body.length > TEMPLATE_LIMITS.smsBody)
    errors.body = [`An SMS template can have at most ${TEMPLATE_LIMITS.smsBody} characters.`];
  const result = compileTemplate(type, method, texts);
  if ('errors' in result) Object.assign(errors, { ...result.errors, ...errors });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return 'compiled' in result ? result.compiled : null;
}

const cleanSubject = (method: NotificationMethod, subject: string | null | undefined) =>
  method === 'email' ? (subject?.trim() ?? null) : null;

/** The `field[type|method|source]=` filters, each value checked (422 names the filter). */
function templateFilters(query: ListTemplatesQuery): {
  types?: NotificationType[];
  methods?: NotificationMethod[];
  source?: TemplateSource;
} {
  const raw = fieldFilters(query);
  const errors: FieldErrors = {};
  const pick = <T extends string>(name: string, allowed: readonly T[]): T[] | undefined => {
    const values = raw[name];
    if (!values || values.length === 0) return undefined;
    const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
    if (bad.length > 0) errors[`field[${name}]`] = [`Unknown value: ${bad.join(', ')}.`];
    return values as T[];
  };
  const types = pick('type', NOTIFICATION_TYPES);
  const methods = pick('method', NOTIFICATION_METHODS);
  const sources = pick('source', TEMPLATE_SOURCES);
  for (const name of Object.keys(raw))
    if (!(TEMPLATE_FILTERS as readonly string[]).includes(name)) errors[`field[${name}]`] = ['Unknown filter.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  // Both sources is no filter.
  return { types, methods, source: sources?.length === 1 ? sources[0] : undefined };
}

/** GET /templates. */
export async function listTemplates(
  deps: TemplatesDeps,
  ctx: AuthedContext,
  query: ListTemplatesQuery,
): Promise<{ data: TemplateListItem[]; meta: PageMeta }> {
  await ensureSystemDefaults(deps.db, ctx.now());
  const text = query.text?.trim().toLowerCase();
  if (text?.includes('\u0000')) throw invalidField('text', 'Remove control characters.');
  const { rows, total } = await listTemplateRows(
    deps.db,
    { companyId: ctx.companyId, ...templateFilters(query), text: text || undefined },
    { sort: query.sort, order: query.order, limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { data: rows.map(toTemplateListItem), meta: pageMeta(query.page, query.per_page, total) };
}

async function visible(deps: TemplatesDeps, ctx: AuthedContext, id: number): Promise<TemplateRow> {
  const row = await findVisibleTemplate(deps.db, ctx.companyId, id);
  if (!row) throw notFound();
  return row;
}

/** GET /templates/{id}: the company's own template or a system default; another company's is 404. */
export async function getTemplate(deps: TemplatesDeps, ctx: AuthedContext, id: number): Promise<NotificationTemplate> {
  return toTemplate(await visible(deps, ctx, id));
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

/** POST /templates: a company template; with default_id, the company's customised copy of that default. */
export async function createTemplate(
  deps: TemplatesDeps,
  ctx: AuthedContext,
  body: TemplateCreateBody,
): Promise<NotificationTemplate> {
  await ensureSystemDefaults(deps.db, ctx.now());
  const subject = cleanSubject(body.method, body.subject);
  checkTexts(body.type, body.method, { subject: body.subject, body: body.body });
  const now = iso(ctx.now());
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const defaultId = body.default_id ?? null;
      if (defaultId !== null) {
        const base = await findVisibleTemplate(trx, ctx.companyId, defaultId);
        if (!base || base.company_id !== null) throw invalidField('default_id', 'Choose a system default template.');
        if (base.type !== body.type || base.method !== body.method)
          throw invalidField('default_id', 'The default template has another type or send method.');
        if (await findOverride(trx, ctx.companyId, defaultId))
          throw invalidField('default_id', 'This default template is already customised: edit the copy.');
      }
      const id = await insertTemplate(trx, {
        company_id: ctx.companyId,
        type: body.type,
        method: body.method,
        name: body.name,
        subject,
        body: body.body,
        default_id: defaultId,
        created_at: now,
        updated_at: now,
      });
      const created = toTemplate((await findVisibleTemplate(trx, ctx.companyId, id))!);
      await audit(trx, ctx, {
        action: 'notification_template.create',
        entityType: 'notification_template',
        entityId: id,
        after: created,
      });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalidField('default_id', 'This default template is already customised: edit the copy.');
    throw error;
  }
}

function ownOrRefuse(row: TemplateRow): void {
  if (row.company_id === null)
    throw forbidden('System default templates cannot be changed: customise a copy (POST /templates with default_id).');
}

/** PUT /templates/{id}: name, subject and body of a company template. */
export async function updateTemplate(
  deps: TemplatesDeps,
  ctx: AuthedContext,
  id: number,
  body: TemplateUpdateBody,
): Promise<NotificationTemplate> {
  const row = await visible(deps, ctx, id);
  ownOrRefuse(row);
  const method = row.method as NotificationMethod;
  const subject = cleanSubject(method, body.subject);
  checkTexts(row.type as NotificationType, method, { subject: body.subject, body: body.body });
  return deps.db.transaction().execute(async (trx) => {
    const before = toTemplate(row);
    await updateTemplateRow(trx, ctx.companyId, id, {
      name: body.name,
      subject,
      body: body.body,
      updated_at: laterStamp(row.updated_at, ctx.now()),
    });
    const after = toTemplate((await findVisibleTemplate(trx, ctx.companyId, id))!);
    await audit(trx, ctx, {
      action: 'notification_template.update',
      entityType: 'notification_template',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** A new updated_at strictly after the old one: the renderer's cache is keyed by it. */
function laterStamp(previous: string, now: Date): string {
  const stamp = iso(now);
  if (stamp > previous) return stamp;
  return iso(new Date(Date.parse(previous) + 1));
}

/** POST /templates/{id}/reset: deletes the customised copy; the system default applies again. */
export async function resetTemplate(
  deps: TemplatesDeps,
  ctx: AuthedContext,
  id: number,
): Promise<NotificationTemplate> {
  await ensureSystemDefaults(deps.db, ctx.now());
  const row = await visible(deps, ctx, id);
  if (row.company_id === null) return toTemplate(row);
  const base =
    row.default_id !== null
      ? await findVisibleTemplate(deps.db, ctx.companyId, row.default_id)
      : await findSystemDefault(deps.db, row.type, row.method);
  if (!base || base.company_id !== null) throw new AppError(409, 'This template has no system default to return to.');
  return deps.db.transaction().execute(async (trx) => {
    await deleteCompanyTemplates(trx, ctx.companyId, [id]);
    await audit(trx, ctx, {
      action: 'notification_template.reset',
      entityType: 'notification_template',
      entityId: id,
      before: toTemplate(row),
      after: { default_id: base.id },
    });
    return toTemplate(base);
  });
}

/** DELETE /templates/{id}. */
export async function deleteTemplate(deps: TemplatesDeps, ctx: AuthedContext, id: number): Promise<{ id: number }> {
  const row = await visible(deps, ctx, id);
  ownOrRefuse(row);
  await deps.db.transaction().execute(async (trx) => {
    await deleteCompanyTemplates(trx, ctx.companyId, [id]);
    await audit(trx, ctx, {
      action: 'notification_template.delete',
      entityType: 'notification_template',
      entityId: id,
      before: toTemplate(row),
    });
  });
  return { id };
}

/**
 * DELETE /templates: every id must be one of the company's own templates; otherwise nothing is deleted
 * (404 for ids the company cannot see, 403 when system defaults are among them).
 */
export async function deleteTemplates(
  deps: TemplatesDeps,
  ctx: AuthedContext,
  ids: readonly number[],
): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  return deps.db.transaction().execute(async (trx) => {
    const own = await findCompanyTemplates(trx, ctx.companyId, unique);
    if (own.length !== unique.length) {
      const ownIds = new Set(own.map((r) => r.id));
      const others = unique.filter((id) => !ownIds.has(id));
      for (const id of others) {
        const row = await findVisibleTemplate(trx, ctx.companyId, id);
        if (!row) throw notFound();
      }
      throw forbidden('System default templates cannot be deleted.');
    }
    const deleted = await deleteCompanyTemplates(trx, ctx.companyId, unique);
    await audit(trx, ctx, {
      action: 'notification_template.bulk_delete',
      entityType: 'notification_template',
      entityId: null,
      before: own.map((r) => ({ id: r.id, type: r.type, method: r.method, name: r.name })),
    });
    return { deleted };
  });
}

/** POST /templates/preview: unsaved texts rendered with sample data and the company's branding. */
export async function previewTemplate(
  deps: TemplatesDeps,
  ctx: AuthedContext,
  body: TemplatePreviewBody,
): Promise<TemplatePreview> {
  const company = await findCompanyBranding(deps.db, ctx.companyId);
  // The logo is left out: its address needs a session, which neither mail clients nor the sandboxed preview have.
  const branding = { name: company?.name ?? '', logo_url: null, primary_color: company?.primary_color ?? null };
  const compiled = checkTexts(body.type, body.method, { subject: body.subject, body: body.body })!;
  const context = { ...SAMPLE_NOTIFICATION_CONTEXT, company: branding };
  let rendered: ReturnType<typeof renderCompiled>;
  try {
    rendered = renderCompiled(compiled, context);
  } catch (error) {
    throw invalidField('body', `The template cannot be rendered: ${(error as Error).message}`);
  }
  if (body.method === 'sms')
    return { subject: null, html: smsPreviewHtml(rendered.text), text: rendered.text, sms: smsLength(rendered.text) };
  return { subject: rendered.subject, html: rendered.html, text: rendered.text, sms: null };
}
