import { MEDIA_MESSAGES, type ScormVersion } from '@heed/contract';
import { FileRefusedError } from '../../platform/files/file-limits.ts';

// imsmanifest.xml, read for three things: the SCORM version, the file to launch, and a title. The
// manifest is small (read whole, at most a few MiB) and every pattern below is linear in it.

export interface ScormManifest {
  version: ScormVersion;
  /** The launch href relative to the package (xml:base applied), query string kept. */
  launchHref: string;
  /** The launch file: the href without its query or fragment, URL-decoded. */
  launchFile: string;
  title: string | null;
}

const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE))
    found.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? ''));
  return found;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Elements named `name` in any namespace prefix: their attribute text, and their offset. */
function* openTags(xml: string, name: string): Generator<{ attrs: Map<string, string>; at: number; end: number }> {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}(?=[\\s/>])([^>]*)>`, 'gi');
  for (const match of xml.matchAll(pattern))
    yield { attrs: attributes(match[1] ?? ''), at: match.index, end: match.index + match[0].length };
}

function textOf(xml: string, name: string, from = 0): string | null {
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([^<]*)<\\/(?:[\\w.-]+:)?${name}\\s*>`, 'i');
  const match = pattern.exec(xml.slice(from));
  return match ? decodeEntities(match[1]!).trim() : null;
}

function versionOf(xml: string): ScormVersion {
  const declared = textOf(xml, 'schemaversion');
  if (declared !== null) {
    if (declared === '1.2') return '1.2';
    if (/^(2004\b|cam 1\.3$)/i.test(declared)) return '2004';
    throw new FileRefusedError(MEDIA_MESSAGES.unknownVersion(declared));
  }
  // No declared version: the ADL namespaces still tell.
  if (/adlcp_rootv1p2/i.test(xml)) return '1.2';
  if (/adlcp_v1p3|imscp_v1p1[\s\S]*adlseq_v1p3/i.test(xml)) return '2004';
  throw new FileRefusedError(MEDIA_MESSAGES.unknownVersion(null));
}

/** Joins xml:base values and an href, as a path relative to the package. */
function joinBase(...parts: (string | undefined)[]): string {
  let path = '';
  for (const part of parts) {
    if (!part) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(part) || part.startsWith('/')) path = part;
    else path = path === '' || path.endsWith('/') ? path + part : `${path.slice(0, path.lastIndexOf('/') + 1)}${part}`;
  }
  return path;
}

/**
 * The launch: the first item of the default organization (or the first organization) that names a
 * resource with an href; failing that, the first SCO resource with one; failing that, any resource with one.
 */
export function parseManifest(text: string): ScormManifest {
  const xml = text.replace(/<!--[\s\S]*?-->/g, '');
  if (!/<(?:[\w.-]+:)?manifest[\s>]/i.test(xml)) throw new FileRefusedError(MEDIA_MESSAGES.unreadableManifest);
  const version = versionOf(xml);

  const resourcesTag = openTags(xml, 'resources').next().value;
  const resourcesBase = resourcesTag?.attrs.get('xml:base');
  const resources = new Map<string, { href: string; sco: boolean }>();
  const ordered: { href: string; sco: boolean }[] = [];
  for (const { attrs } of openTags(xml, 'resource')) {
    const rawHref = attrs.get('href');
    const type = attrs.get('adlcp:scormtype') ?? '';
    const entry = {
      href: rawHref ? joinBase(resourcesBase, attrs.get('xml:base'), rawHref) : '',
      sco: type.toLowerCase() === 'sco',
    };
    const id = attrs.get('identifier');
    if (id !== undefined && !resources.has(id)) resources.set(id, entry);
    ordered.push(entry);
  }

  const organizationsTag = openTags(xml, 'organizations').next().value;
  const wanted = organizationsTag?.attrs.get('default');
  let organizationAt: number | undefined;
  let firstOrganizationAt: number | undefined;
  for (const { attrs, end } of openTags(xml, 'organization')) {
    firstOrganizationAt ??= end;
    if (wanted !== undefined && attrs.get('identifier') === wanted) organizationAt = end;
  }
  organizationAt ??= firstOrganizationAt;

  let launch: string | undefined;
  if (organizationAt !== undefined) {
    const closing = xml.slice(organizationAt).search(/<\/(?:[\w.-]+:)?organization\s*>/i);
    const organization = xml.slice(organizationAt, closing < 0 ? undefined : organizationAt + closing);
    for (const { attrs } of openTags(organization, 'item')) {
      const resource = resources.get(attrs.get('identifierref') ?? '');
      if (resource?.href) {
        launch = joinBase(resource.href) + (attrs.get('parameters') ?? '');
        break;
      }
    }
  }
  launch ??= ordered.find((r) => r.sco && r.href)?.href ?? ordered.find((r) => r.href)?.href;
  if (!launch) throw new FileRefusedError(MEDIA_MESSAGES.noLaunch);

  const title = organizationAt === undefined ? null : textOf(xml, 'title', organizationAt);
  const file = launch.split(/[?#]/)[0]!;
  let launchFile: string;
  try {
    launchFile = decodeURIComponent(file);
  } catch {
    launchFile = file;
  }
  return {
    version,
    launchHref: launch,
    launchFile: launchFile.replace(/^\.\//, ''),
    title: title ? title.slice(0, 200) : null,
  };
}
