import { Parser } from 'htmlparser2';

/**
 * An allowlist HTML sanitizer on htmlparser2's streaming parser (it replaced sanitize-html, decision 001).
 *
 * What comes out, whatever goes in:
 * - only the policy's tags, each with only its listed attributes, every value double-quoted and escaped
 *   (`&`, `<`, `>`, `"`); text escaped (`&`, `<`, `>`), so an entity such as `&lt;script&gt;` stays text;
 * - well-nested markup: every tag written is closed in order (void tags get no closing tag), unclosed tags
 *   are closed at the end, closing tags of tags not open are dropped;
 * - a tag not allowed is dropped but its text kept, except the `discard` tags, which go with all they hold;
 * - URL attributes hold a relative URL (`/path`, `page.html`, `#x`) or one whose scheme is allowed, read the
 *   way browsers read it (control characters and whitespace ignored, any case, entities decoded); `//host`,
 *   `\\host` and `/\host` (another host) are refused too. A refused URL drops the attribute;
 * - no comments, CDATA, processing instructions or doctype.
 */
export interface SanitizePolicy {
  /** The tags written out (lower case). */
  readonly tags: readonly string[];
  /** Per tag, the attributes kept (lower case), written in this order. Other attributes are dropped. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  /** The attributes that hold a URL (href, src): checked against `schemes`. */
  readonly urlAttributes: readonly string[];
  /** The URL schemes allowed (lower case, no colon). */
  readonly schemes: readonly string[];
  /** Per tag, the schemes allowed instead of `schemes` (say, img: https only). */
  readonly schemesByTag?: Readonly<Record<string, readonly string[]>>;
  /** Tags dropped with their whole content (script, style, iframe...). */
  readonly discard: readonly string[];
  /**
   * Per tag, turns the attributes kept into those written: for forced values such as a link's target and rel.
   * What it returns is written as is (values escaped), so it must only add fixed, safe attributes.
   */
  readonly transform?: Readonly<Record<string, (attributes: Record<string, string>) => Record<string, string>>>;
}

/** Elements without content or closing tag. */
const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

/** Attributes that may be written empty (`alt=""` marks a decorative image); other empty values are dropped. */
const EMPTY_ALLOWED = new Set(['alt']);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Whether a (decoded) URL may stay. Browsers drop leading and trailing control characters and spaces and
 * tabs and newlines anywhere before reading the scheme; removing every one of them anywhere catches all of
 * those spellings and more. A backslash counts as a slash in http(s) URLs, so `\\host` is `//host`.
 */
export function urlAllowed(url: string, schemes: readonly string[]): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  const bare = url.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(bare)?.[1];
  if (scheme !== undefined) return schemes.includes(scheme.toLowerCase());
  return !/^[/\\]{2}/.test(bare);
}

/** The attributes of an allowed tag that the policy keeps, in the policy's order. */
function keptAttributes(tag: string, attributes: Record<string, string>, policy: SanitizePolicy) {
  const kept: Record<string, string> = {};
  const schemes = own(policy.schemesByTag, tag) ?? policy.schemes;
  for (const name of own(policy.attributes, tag) ?? []) {
    const value = own(attributes, name);
    if (value === undefined || (value === '' && !EMPTY_ALLOWED.has(name))) continue;
    if (policy.urlAttributes.includes(name) && !urlAllowed(value, schemes)) continue;
    kept[name] = value;
  }
  const transform = own(policy.transform, tag);
  return transform ? transform(kept) : kept;
}

/** `html` cut down to what `policy` allows (see SanitizePolicy). */
export function sanitizeHtml(html: string, policy: SanitizePolicy): string {
  let out = '';
  /** The tags open in the input, as written (their name) or dropped (null). */
  const open: (string | null)[] = [];
  /** Inside a discarded tag: how many tags deep, that one included. */
  let discarding = 0;
  let inCdata = false;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (discarding > 0 || policy.discard.includes(name)) {
          discarding++;
          return;
        }
        if (!policy.tags.includes(name)) {
          open.push(null);
          return;
        }
        open.push(name);
        out += `<${name}`;
        for (const [attribute, value] of Object.entries(keptAttributes(name, attributes, policy))) {
          out += ` ${attribute}="${escapeAttribute(value)}"`;
        }
        out += VOID.has(name) ? ' />' : '>';
      },
      // The parser reports a close for every tag it opened (void and unclosed ones included) and none other.
      onclosetag() {
        if (discarding > 0) {
          discarding--;
          return;
        }
        const name = open.pop();
        if (name && !VOID.has(name)) out += `</${name}>`;
      },
      ontext(text) {
        if (discarding === 0 && !inCdata) out += escapeText(text);
      },
      oncdatastart() {
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
    },
    {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
      // As in browsers, `<script/>` opens a script: the slash closes void tags (br, img) only.
      recognizeSelfClosing: false,
      // CDATA reaches the handlers marked, so it is dropped even inside svg or math.
      recognizeCDATA: true,
    },
  );
  parser.end(html);
  return out;
}
