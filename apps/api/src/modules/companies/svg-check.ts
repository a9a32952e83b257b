import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

/**
 * SVG logos (decision 072): an SVG is accepted only when it is a plain drawing. It is refused, with the
 * reason, when it holds anything that runs or fetches: script, event handlers, foreignObject and other
 * embedding elements, links or references outside the file (href/xlink:href other than `#id`, url() or
 * @import to anything but `#id`), `javascript:` anywhere, or a DOCTYPE (entity expansion, external
 * entities). Refusing rather than rewriting keeps what is stored byte-for-byte what was checked.
 */
const ALLOWED_ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'symbol',
    'use',
    'title',
    'desc',
    'metadata',
    'style',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'linearGradient',
    'radialGradient',
    'stop',
    'clipPath',
    'mask',
    'pattern',
    'marker',
    'filter',
    'feGaussianBlur',
    'feOffset',
    'feBlend',
    'feColorMatrix',
    'feComposite',
    'feFlood',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feDropShadow',
  ].map((name) => name.toLowerCase()),
);

/** Namespaced metadata some editors write (Inkscape, Sodipodi, RDF, Dublin Core): inert, kept. */
const METADATA_PREFIXES = ['inkscape:', 'sodipodi:', 'rdf:', 'dc:', 'cc:'];

const LOCAL_REFERENCE = /^\s*#[A-Za-z_][\w.:-]*\s*$/;
const URL_FUNCTION = /url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/gi;

function styleProblem(css: string): string | null {
  if (/@import/i.test(css)) return 'a style that imports another file';
  if (/expression\s*\(|javascript:|behaviou?r\s*:|-moz-binding/i.test(css)) return 'a style that runs script';
  for (const match of css.matchAll(URL_FUNCTION)) {
    if (!LOCAL_REFERENCE.test(match[2] ?? ''))
      return `a reference to another file (url(${(match[2] ?? '').slice(0, 60)}))`;
  }
  return null;
}

function attributeProblem(element: Element): string | null {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    const value = attribute.value;
    if (name.startsWith('on')) return `an event handler (${attribute.name})`;
    if (/javascript:|vbscript:|data:text\/html/i.test(value.replace(/\s+/g, '')))
      return `a script address (${attribute.name})`;
    if ((name === 'href' || name.endsWith(':href')) && !LOCAL_REFERENCE.test(value)) {
      return `a link or reference outside the file (${attribute.name}="${value.slice(0, 60)}")`;
    }
    const problem = styleProblem(value);
    if (problem && (name === 'style' || /url\s*\(/i.test(value))) return problem;
  }
  return null;
}

function walk(node: Node): string | null {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === child.PROCESSING_INSTRUCTION_NODE) {
      // The XML declaration is harmless; a stylesheet or any other instruction is not.
      if (child.nodeName === 'xml' && node.nodeType === node.DOCUMENT_NODE) continue;
      return 'a processing instruction';
    }
    if (child.nodeType === child.DOCUMENT_TYPE_NODE) return 'a DOCTYPE (entities)';
    if (child.nodeType === child.TEXT_NODE || child.nodeType === child.CDATA_SECTION_NODE) {
      if (node.nodeName.toLowerCase() === 'style') {
        const problem = styleProblem(child.nodeValue ?? '');
        if (problem) return problem;
      }
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const element = child as Element;
    const name = element.nodeName.toLowerCase();
    const metadata = METADATA_PREFIXES.some((prefix) => name.startsWith(prefix));
    if (!metadata && !ALLOWED_ELEMENTS.has(name.replace(/^svg:/, ''))) return `a <${element.nodeName}> element`;
    const problem = attributeProblem(element) ?? walk(element);
    if (problem) return problem;
  }
  return null;
}

/** Whether the first bytes look like an XML or SVG text document (a candidate, checked whole by {@link checkSvg}). */
export function looksLikeSvg(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<?xml') || text.startsWith('<svg') || text.startsWith('<!--');
}

/** Null when the text is a plain SVG drawing; else why it is refused. */
export function checkSvg(text: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'a DOCTYPE (entities)';
  const errors: string[] = [];
  let document: ReturnType<DOMParser['parseFromString']>;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(text, 'image/svg+xml');
  } catch {
    return 'XML that does not parse';
  }
  if (errors.length > 0 || !document.documentElement) return 'XML that does not parse';
  if (document.documentElement.nodeName.replace(/^svg:/, '').toLowerCase() !== 'svg') return 'no <svg> root element';
  return walk(document);
}
