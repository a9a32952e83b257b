import {
  NOTIFICATION_PLACEHOLDERS,
  type NotificationContext,
  type NotificationMethod,
  type NotificationType,
} from '@heed/contract';
import { type FS, Liquid, Tag, type TagToken, type Template, type TopLevelToken } from 'liquidjs';
import type { FieldErrors } from '../../platform/errors.ts';

// LiquidJS configured as a text-only language: no file system (include/render/layout refused when a
// template is parsed, and a file system that holds nothing), own properties only (no `constructor`,
// `__proto__` or prototype methods), unknown filters refused, and limits on template size, render time
// and memory. Placeholders are checked against the type's catalogue when a template is saved (decision 067).

const FILE_TAGS = ['include', 'render', 'layout', 'block'] as const;

const NO_FILES: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => {
    throw new Error('Templates cannot read files.');
  },
  readFileSync: () => {
    throw new Error('Templates cannot read files.');
  },
  resolve: (_root: string, file: string) => file,
  contains: async () => false,
  containsSync: () => false,
  dirname: () => '',
  sep: '/',
};

function engine(outputEscape: 'escape' | undefined): Liquid {
  const liquid = new Liquid({
    outputEscape,
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    jsTruthy: false,
    root: [],
    partials: [],
    layouts: [],
    fs: NO_FILES,
    cache: false,
    parseLimit: 100_000,
    renderLimit: 500,
    memoryLimit: 5_000_000,
  });
  for (const name of FILE_TAGS) {
    liquid.registerTag(
      name,
      class extends Tag {
        constructor(token: TagToken, remain: TopLevelToken[], l: Liquid) {
          super(token, remain, l);
          throw new Error(`{% ${name} %} cannot be used in notification templates.`);
        }
        *render(): Generator<unknown, void, unknown> {}
      },
    );
  }
  return liquid;
}

/** Values are output as they are: subjects, SMS and plain-text bodies (escaped as a whole for HTML). */
const textEngine = engine(undefined);
/** Every output is HTML-escaped: bodies written in HTML. */
const htmlEngine = engine('escape');

const MARKUP = /<\/?(p|br|div|table|tr|td|th|a|strong|b|em|i|u|ul|ol|li|h[1-6]|span|img|hr|blockquote)\b[^>]*>/i;

/** An e-mail body that contains HTML tags is written in HTML; otherwise it is plain text with paragraphs. */
export function isHtmlBody(body: string): boolean {
  return MARKUP.test(body);
}

export interface CompiledTemplate {
  type: NotificationType;
  method: NotificationMethod;
  subject: Template[] | null;
  body: Template[];
  /** The body is HTML (rendered with escaping) rather than plain text. */
  html: boolean;
}

export interface TemplateTexts {
  subject?: string | null;
  body: string;
}

type Segment = string | number | Segment[];

interface Allowed {
  leaves: Set<string>;
  prefixes: Set<string>;
  lists: Map<string, Set<string>>;
}

const allowedByType = new Map<NotificationType, Allowed>();

function allowedFor(type: NotificationType): Allowed {
  let allowed = allowedByType.get(type);
  if (allowed) return allowed;
  allowed = { leaves: new Set(), prefixes: new Set(), lists: new Map() };
  for (const placeholder of NOTIFICATION_PLACEHOLDERS[type]) {
    if (placeholder.fields) {
      allowed.lists.set(placeholder.key, new Set(placeholder.fields));
      continue;
    }
    allowed.leaves.add(placeholder.key);
    const parts = placeholder.key.split('.');
    for (let i = 1; i < parts.length; i++) allowed.prefixes.add(parts.slice(0, i).join('.'));
  }
  allowedByType.set(type, allowed);
  return allowed;
}

const LIST_WORDS = new Set(['size', 'first', 'last']);

function isAllowed(segments: readonly Segment[], allowed: Allowed): boolean {
  if (segments.some((s) => typeof s !== 'string' && typeof s !== 'number')) return false;
  const [head, ...rest] = segments;
  if (typeof head !== 'string') return false;
  const fields = allowed.lists.get(head);
  if (fields) {
    if (rest.length === 0) return true;
    const [which, field, ...more] = rest;
    if (which === 'size') return field === undefined;
    if (!(typeof which === 'number' || LIST_WORDS.has(String(which)))) return false;
    return more.length === 0 && (field === undefined || (typeof field === 'string' && fields.has(field)));
  }
  if (rest.some((s) => typeof s !== 'string')) return false;
  const path = segments.join('.');
  return allowed.leaves.has(path) || allowed.prefixes.has(path);
}

function display(segments: readonly Segment[]): string {
  return segments
    .map((s, i) => (Array.isArray(s) ? `[${display(s)}]` : typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`))
    .join('');
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `The template cannot be read: ${message.replace(/\s+/g, ' ').slice(0, 300)}`;
}

function parseField(
  liquid: Liquid,
  source: string,
  type: NotificationType,
  field: string,
  errors: FieldErrors,
): Template[] | null {
  let parsed: Template[];
  try {
    parsed = liquid.parse(source);
  } catch (error) {
    errors[field] = [describeError(error)];
    return null;
  }
  const allowed = allowedFor(type);
  const unknown = new Set<string>();
  try {
    for (const segments of liquid.globalVariableSegmentsSync(parsed) as Segment[][])
      if (!isAllowed(segments, allowed)) unknown.add(display(segments));
  } catch (error) {
    errors[field] = [describeError(error)];
    return null;
  }
  if (unknown.size > 0) {
    errors[field] = [...unknown].map(
      (name) => `Unknown placeholder {{ ${name} }}: this template can use only the placeholders listed beside it.`,
    );
    return null;
  }
  return parsed;
}

/**
 * Parses and checks a template's texts for its type and method: the errors per field (subject, body),
 * or the compiled template. E-mail templates need a subject; SMS templates have none.
 */
export function compileTemplate(
  type: NotificationType,
  method: NotificationMethod,
  texts: TemplateTexts,
): { compiled: CompiledTemplate } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const subjectText = texts.subject?.trim() ?? '';
  let subject: Template[] | null = null;
  if (method === 'email') {
    if (subjectText === '') errors.subject = ['An e-mail template needs a subject.'];
    else subject = parseField(textEngine, subjectText, type, 'subject', errors);
  } else if (subjectText !== '') {
    errors.subject = ['SMS templates have no subject.'];
  }
  const html = method === 'email' && isHtmlBody(texts.body);
  const body = parseField(html ? htmlEngine : textEngine, texts.body, type, 'body', errors);
  if (Object.keys(errors).length > 0 || body === null) return { errors };
  return { compiled: { type, method, subject, body, html } };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));
const fullName = (p: { first_name: string; last_name: string }) => `${str(p.first_name)} ${str(p.last_name)}`.trim();

/**
 * The render scope: only the context's known fields, copied into plain objects (nothing a caller adds
 * reaches the template), with the derived full names.
 */
export function scopeOf(context: NotificationContext): Record<string, unknown> {
  const { user, manager, course, assignment, company, report } = context;
  return {
    user: {
      first_name: str(user.first_name),
      last_name: str(user.last_name),
      full_name: fullName(user),
      email: str(user.email),
      username: str(user.username),
    },
    manager: manager
      ? { first_name: str(manager.first_name), last_name: str(manager.last_name), full_name: fullName(manager) }
      : null,
    course: course ? { name: str(course.name) } : null,
    assignment: assignment ? { due_date: str(assignment.due_date), status: str(assignment.status) } : null,
    reports: (context.reports ?? []).map((r) => ({
      first_name: str(r.first_name),
      last_name: str(r.last_name),
      course: str(r.course),
      due_date: str(r.due_date),
    })),
    report: report
      ? { open_count: Number(report.open_count) || 0, overdue_count: Number(report.overdue_count) || 0 }
      : null,
    company: { name: str(company.name) },
    login_url: str(context.login_url),
    public_assignment_url: str(context.public_assignment_url),
    reset_url: str(context.reset_url),
  };
}

export interface RenderedParts {
  subject: string | null;
  /** The body as rendered: HTML (escaped values) when `html`, else plain text. */
  body: string;
  html: boolean;
}

/** Renders a compiled template (synchronously: no file or network access is possible). */
export function renderParts(compiled: CompiledTemplate, scope: Record<string, unknown>): RenderedParts {
  const subject =
    compiled.subject === null ? null : textEngine.renderSync(compiled.subject, scope).replace(/\s+/g, ' ').trim();
  const liquid = compiled.html ? htmlEngine : textEngine;
  const body = String(liquid.renderSync(compiled.body, scope))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { subject, body, html: compiled.html };
}

const looseCache = new Map<string, Template[]>();

/**
 * Renders a text with the engine's rules but no placeholder check (the demo seed's delivery history,
 * whose values are its own). Parsed texts are kept: the seed renders the same few thousands of times.
 */
export function renderLooseText(text: string, scope: Record<string, unknown>): string {
  let parsed = looseCache.get(text);
  if (!parsed) {
    parsed = textEngine.parse(text);
    looseCache.set(text, parsed);
  }
  return String(textEngine.renderSync(parsed, scope));
}
