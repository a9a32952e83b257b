import { EMAIL_DARK_PREVIEW_CLASS } from '@heed/contract';
import { type SanitizePolicy, sanitizeHtml } from '../../platform/html-sanitizer.ts';

// The one e-mail layout: a table-based, 600px card that narrows on phones, the company's logo (or name)
// and primary colour, and dark-mode rules for clients that honour prefers-color-scheme (decision 067).

const DEFAULT_COLOR = '#1c7ed6';
/** Added to <html> by the console's dark preview: the same rules as prefers-color-scheme: dark. */
const DARK_PREVIEW_CLASS = EMAIL_DARK_PREVIEW_CLASS;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** A plain-text body as HTML: escaped, paragraphs on blank lines, line breaks, http(s) links. */
export function plainToHtml(text: string, color: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(
        URL_IN_TEXT,
        (url) => `<a href="${url}" style="color:${color};text-decoration:underline;word-break:break-all;">${url}</a>`,
      );
      return `<p style="margin:0 0 16px;">${escaped.replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
}

/** What an HTML body keeps: the tags and attributes e-mail clients show; links only http(s) and mailto, images https. */
const BODY_POLICY: SanitizePolicy = {
  tags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'span',
    'div',
    'img',
  ],
  attributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['align', 'colspan', 'rowspan'],
    th: ['align', 'colspan', 'rowspan'],
  },
  urlAttributes: ['href', 'src'],
  schemes: ['http', 'https', 'mailto'],
  schemesByTag: { img: ['https'] },
  discard: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'noembed',
    'noframes',
  ],
};

/** An HTML body kept to the tags and attributes e-mail clients show; links only http(s) and mailto. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, BODY_POLICY);
}

/** The plain-text part of an HTML body: paragraphs and line breaks kept, links written out. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const inner = label.replace(/<[^>]+>/g, '').trim();
      return inner === '' || decodeEntities(inner) === decodeEntities(href) ? href : `${inner} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)>/gi, '\n\n')
    .replace(/<(td|th)[^>]*>/gi, ' ')
    .replace(/<hr[^>]*>/gi, '\n----\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface Branding {
  companyName: string;
  logoUrl: string | null;
  primaryColor: string | null;
}

export function brandColor(color: string | null): string {
  return color && HEX.test(color) ? color : DEFAULT_COLOR;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const DARK_RULES = (selector: string) => `
${selector} body, ${selector} .heed-bg { background:#101215 !important; }
${selector} .heed-card { background:#1b1f24 !important; color:#e7e9ec !important; }
${selector} .heed-card p, ${selector} .heed-card li, ${selector} .heed-card td { color:#e7e9ec !important; }
${selector} .heed-muted { color:#9aa3ad !important; }
${selector} .heed-name { color:#ffffff !important; }`;

/** The complete e-mail document around an HTML body. */
export function emailDocument(input: { subject: string; bodyHtml: string; branding: Branding }): string {
  const color = brandColor(input.branding.primaryColor);
  const company = escapeHtml(input.branding.companyName);
  const logo = input.branding.logoUrl && /^https?:\/\//i.test(input.branding.logoUrl) ? input.branding.logoUrl : null;
  const header = logo
    ? `<img src="${escapeHtml(logo)}" alt="${company}" height="40" style="display:block;height:40px;max-width:220px;border:0;outline:none;">`
    : `<span class="heed-name" style="font-size:20px;font-weight:700;color:#1f2933;">${company}</span>`;
  return `<!doctype html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(input.subject)}</title>
<style>
:root { color-scheme: light dark; supported-color-schemes: light dark; }
body { margin:0; padding:0; width:100%; -webkit-text-size-adjust:100%; }
a { color:${color}; }
@media screen and (max-width: 620px) {
  .heed-container { width:100% !important; }
  .heed-pad { padding-left:20px !important; padding-right:20px !important; }
}
@media (prefers-color-scheme: dark) {${DARK_RULES('')}
}
${DARK_RULES(`.${DARK_PREVIEW_CLASS}`)}
${DARK_RULES('[data-ogsc]')}
</style>
</head>
<body class="heed-bg" style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" class="heed-bg" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" class="heed-container" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;max-width:600px;">
<tr><td style="background:${color};height:6px;line-height:6px;font-size:0;border-radius:8px 8px 0 0;">&nbsp;</td></tr>
<tr><td class="heed-card heed-pad" style="background:#ffffff;padding:24px 32px 8px;font-family:${FONT};">${header}</td></tr>
<tr><td class="heed-card heed-pad" style="background:#ffffff;padding:16px 32px 24px;font-family:${FONT};font-size:16px;line-height:1.5;color:#1f2933;border-radius:0 0 8px 8px;">
${input.bodyHtml}
</td></tr>
<tr><td class="heed-muted heed-pad" style="padding:16px 32px;font-family:${FONT};font-size:12px;line-height:1.5;color:#6b7280;text-align:center;">${company}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}
