import { type Endpoint, ROLE_LABELS, endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';

/** The page needs its own inline styles and nothing else: no script, no image, no request. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function accessLabel(access: Endpoint['access']): string {
  if (access.kind === 'public') return 'no sign-in';
  if (access.kind === 'session') return 'signed in';
  if (access.kind === 'siteAdmin') return 'site admin';
  return `${ROLE_LABELS[access.minRole]} or higher`;
}

const openApiPath = (endpoint: Endpoint) => `/api${endpoint.unversioned ? '' : '/v3'}${endpoint.path}`;

type Operation = { parameters?: unknown[]; requestBody?: unknown; responses?: unknown };

function schemaBlock(label: string, value: unknown): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return '';
  return `<details><summary>${label}</summary><pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre></details>`;
}

function endpointSection(name: string, endpoint: Endpoint, operation: Operation | undefined): string {
  const path = openApiPath(endpoint);
  return `<section id="${escapeHtml(name)}">
<h3><span class="method ${endpoint.method.toLowerCase()}">${endpoint.method}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(endpoint.summary)}</p>
<p class="access">Access: ${escapeHtml(accessLabel(endpoint.access))}${endpoint.method === 'GET' ? '' : ' · CSRF token required'}</p>
${schemaBlock('Parameters', operation?.parameters)}${schemaBlock('Request body', operation?.requestBody)}${schemaBlock('Responses', operation?.responses)}
</section>`;
}

/** A readable page of every endpoint, from the same OpenAPI document as `/api/docs/json` (decision 048). */
function renderApiDocs(document: { paths?: Record<string, Record<string, Operation>> }): string {
  const sections = Object.entries(endpoints)
    .sort(([, a], [, b]) => openApiPath(a).localeCompare(openApiPath(b)) || a.method.localeCompare(b.method))
    .map(([name, endpoint]) =>
      endpointSection(name, endpoint, document.paths?.[openApiPath(endpoint)]?.[endpoint.method.toLowerCase()]),
    );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Heed API v3</title>
<style>
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.45; }
body { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
section { border-top: 1px solid color-mix(in srgb, currentColor 20%, transparent); padding: .5rem 0; }
h3 { font-size: 1rem; margin: .5rem 0 .25rem; }
.method { display: inline-block; min-width: 4.5rem; font-size: .8rem; font-weight: 700; }
.get { color: #2b8a3e; } .post { color: #1971c2; } .put { color: #e8590c; } .delete { color: #c92a2a; }
.access { font-size: .85rem; opacity: .8; margin: 0; }
pre { overflow-x: auto; font-size: .8rem; }
</style></head><body>
<h1>Heed API v3</h1>
<p>Every call, its access rule and its schemas. Calls that change data need the session cookie and the
<code>X-XSRF-TOKEN</code> header (from <code>GET /api/csrf-cookie</code>); site admins choose a company with
<code>X-Company-ID</code>. Errors: <code>{"error":{"message","details"}}</code>. Machine-readable: <a href="/api/docs/json">/api/docs/json</a>.</p>
${sections.join('\n')}
</body></html>`;
}

/** `GET /api/docs`: the page, built once from the OpenAPI document. */
export function registerApiDocsPage(app: FastifyInstance): void {
  let page: string | undefined;
  app.get('/api/docs', { schema: { hide: true } }, async (_req, reply) => {
    page ??= renderApiDocs(app.swagger() as Parameters<typeof renderApiDocs>[0]);
    return reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8').send(page);
  });
}
