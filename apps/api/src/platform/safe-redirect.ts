/** A host no request can name: a target that keeps it after URL parsing stayed on our own site. */
const OWN_ORIGIN = 'http://heed.invalid';
/** C0 controls, space and DEL: browsers drop tabs and line breaks inside URLs, so `/\t/evil.test` becomes `//evil.test`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;

/**
 * The target when it is a path on this site, else the fallback. The path is read as a browser reads
 * it (WHATWG URL parsing), so a protocol-relative (`//host`), backslashed (`/\host`) or control-laden
 * target that a browser would send elsewhere never passes.
 */
export function safeRedirect(target: string | undefined, fallback: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  if (CONTROL_OR_SPACE.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  return url.origin === OWN_ORIGIN ? target : fallback;
}
