import {
  type NotificationContext,
  type NotificationMethod,
  type NotificationType,
  NOTIFICATION_METHODS,
  NOTIFICATION_TYPES,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { defaultTexts } from './default-templates.ts';
import { emailDocument, escapeHtml, htmlToText, plainToHtml, sanitizeBody, brandColor } from './email-layout.ts';
import {
  findOverride,
  findSystemDefault,
  findVisibleTemplate,
  type TemplateRow,
} from './notification-templates.repository.ts';
import { type CompiledTemplate, compileTemplate, renderParts, scopeOf } from './template-engine.ts';

export interface RenderedMessage {
  subject: string | null;
  html: string;
  text: string;
}

/**
 * Compiled templates per database by `id@updated_at` (a change gives a new key), oldest evicted first;
 * the built-in texts under `builtin:type/method`.
 */
const CACHE_MAX = 1_000;
const caches = new WeakMap<object, Map<string, CompiledTemplate | null>>();
const builtInCache = new Map<string, CompiledTemplate | null>();

function cached(
  compiledCache: Map<string, CompiledTemplate | null>,
  key: string,
  compile: () => CompiledTemplate | null,
): CompiledTemplate | null {
  const hit = compiledCache.get(key);
  if (hit !== undefined) {
    compiledCache.delete(key);
    compiledCache.set(key, hit);
    return hit;
  }
  const compiled = compile();
  compiledCache.set(key, compiled);
  if (compiledCache.size > CACHE_MAX) compiledCache.delete(compiledCache.keys().next().value!);
  return compiled;
}

const isType = (v: string): v is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(v);
const isMethod = (v: string): v is NotificationMethod => (NOTIFICATION_METHODS as readonly string[]).includes(v);

/** A stored template compiled; null when it no longer passes the checks (the default is used then). */
function compileRow(db: Kysely<Database>, row: TemplateRow): CompiledTemplate | null {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cached(cache, `${row.id}@${row.updated_at}`, () => {
    if (!isType(row.type) || !isMethod(row.method)) return null;
    const result = compileTemplate(row.type, row.method, { subject: row.subject, body: row.body });
    return 'compiled' in result ? result.compiled : null;
  });
}

/** The built-in default texts compiled (they always pass: a test holds them to it). */
function compileBuiltIn(type: NotificationType, method: NotificationMethod): CompiledTemplate {
  return cached(builtInCache, `builtin:${type}/${method}`, () => {
    const result = compileTemplate(type, method, defaultTexts(type, method));
    if ('errors' in result) throw new Error(`Built-in template ${type}/${method}: ${JSON.stringify(result.errors)}`);
    return result.compiled;
  })!;
}

/** Renders a compiled template into the message: e-mail in the layout with its text part, SMS as text. */
export function renderCompiled(compiled: CompiledTemplate, context: NotificationContext): RenderedMessage {
  const parts = renderParts(compiled, scopeOf(context));
  if (compiled.method !== 'email') return { subject: null, html: '', text: parts.body };
  const color = brandColor(context.company.primary_color);
  const bodyHtml = parts.html ? sanitizeBody(parts.body) : plainToHtml(parts.body, color);
  const text = parts.html ? htmlToText(bodyHtml) : parts.body;
  const subject = parts.subject ?? '';
  const html = emailDocument({
    subject,
    bodyHtml,
    branding: {
      companyName: context.company.name ?? '',
      logoUrl: context.company.logo_url,
      primaryColor: context.company.primary_color,
    },
  });
  return { subject, html, text };
}

/** SMS text shown in an e-mail-like frame (the preview). */
export function smsPreviewHtml(text: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"></head><body style="margin:0;padding:16px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;"><pre style="white-space:pre-wrap;word-break:break-word;font:inherit;margin:0;">${escapeHtml(text)}</pre></body></html>`;
}

/**
 * Which stored template a message uses: the named one (the company's, or a system default — replaced by
 * the company's customised copy of it when there is one) when its type and method match; else the
 * company's copy of the system default of (type, method); else that default; else none (built-in texts).
 */
async function chooseTemplate(
  db: Kysely<Database>,
  input: { companyId: number; type: NotificationType; method: NotificationMethod; templateId?: number | null },
): Promise<TemplateRow | undefined> {
  let base: TemplateRow | undefined;
  if (input.templateId != null) {
    const named = await findVisibleTemplate(db, input.companyId, input.templateId);
    if (named && named.type === input.type && named.method === input.method) base = named;
  }
  base ??= await findSystemDefault(db, input.type, input.method);
  if (base && base.company_id === null) return (await findOverride(db, input.companyId, base.id)) ?? base;
  return base;
}

/** The company's template for (type, method) or the system default, rendered with `context`. Never throws on template content. */
export async function renderNotification(
  db: Kysely<Database>,
  input: {
    companyId: number;
    type: NotificationType;
    method: NotificationMethod;
    templateId?: number | null;
    context: NotificationContext;
  },
): Promise<RenderedMessage> {
  const row = await chooseTemplate(db, input);
  const compiled = (row && compileRow(db, row)) ?? compileBuiltIn(input.type, input.method);
  try {
    return renderCompiled(compiled, input.context);
  } catch {
    // A render limit (time, memory) was hit: the built-in text still goes out.
    return renderCompiled(compileBuiltIn(input.type, input.method), input.context);
  }
}
