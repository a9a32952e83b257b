import { type SanitizePolicy, sanitizeHtml } from '../../platform/html-sanitizer.ts';

/**
 * What a text topic's rich text may hold (decision 058): basic formatting and links to http(s)
 * addresses. Everything else goes: script, style and iframe with their content, event attributes,
 * inline styles, classes, `javascript:` and `data:` links. Links open in a new tab without an opener.
 */
const POLICY: SanitizePolicy = {
  tags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
  ],
  attributes: { a: ['href', 'title'] },
  urlAttributes: ['href'],
  schemes: ['http', 'https'],
  discard: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transform: {
    a: (attributes) => ({ ...attributes, target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** The topic's HTML as stored and shown: null when nothing is left. */
export function sanitizeContent(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, POLICY).trim();
  return clean === '' ? null : clean;
}
