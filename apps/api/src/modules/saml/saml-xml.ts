import { X509Certificate } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';

/**
 * XML from outside (an IdP's response or metadata) is refused before any parser sees it when it holds
 * a DTD or an entity declaration (XXE, entity expansion), or a comment (a NameID split by a comment
 * reads differently before and after canonicalisation).
 */
export function hostileXmlReason(xml: string): string | null {
  if (/<!DOCTYPE/i.test(xml)) return 'The XML holds a DTD (DOCTYPE).';
  if (/<!ENTITY/i.test(xml)) return 'The XML declares an entity.';
  if (xml.includes('<!--')) return 'The XML holds a comment.';
  return null;
}

/** A certificate as PEM, from PEM or bare base64; null when it is not an X.509 certificate. */
export function toPem(input: string): { pem: string; subject: string | null; expiresAt: string | null } | null {
  const body = input.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/=]+$/.test(body) || body.length < 100) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    const cert = new X509Certificate(pem);
    return { pem, subject: cert.subject.replace(/\n/g, ', ') || null, expiresAt: new Date(cert.validTo).toISOString() };
  } catch {
    return null;
  }
}

const local = (element: Element) => element.localName ?? element.nodeName.replace(/^.*:/, '');

function descendants(root: Element, name: string): Element[] {
  const found: Element[] = [];
  const walk = (node: Element) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      if (local(element) === name) found.push(element);
      walk(element);
    }
  };
  walk(root);
  return found;
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** Entity ID, SSO URL (HTTP-Redirect preferred, else HTTP-POST) and signing certificates from IdP metadata; an Error says what is missing. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const hostile = hostileXmlReason(xml);
  if (hostile) throw new Error(hostile);
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => (level !== 'warning' ? errors.push(message) : undefined),
  }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (errors.length > 0 || !root) throw new Error('The metadata is not well-formed XML.');
  const entity = local(root) === 'EntityDescriptor' ? root : descendants(root, 'EntityDescriptor')[0];
  const idp = entity ? descendants(entity, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !idp) throw new Error('The metadata has no IdP (IDPSSODescriptor).');
  const services = descendants(idp, 'SingleSignOnService');
  const service =
    services.find((s) => s.getAttribute('Binding')?.endsWith(':HTTP-Redirect')) ??
    services.find((s) => s.getAttribute('Binding')?.endsWith(':HTTP-POST'));
  const keys = descendants(idp, 'KeyDescriptor').filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing');
  const certificates = keys
    .flatMap((k) => descendants(k, 'X509Certificate'))
    .map((c) => c.textContent ?? '')
    .filter(Boolean);
  const entityId = entity.getAttribute('entityID');
  if (!entityId) throw new Error('The metadata has no entityID.');
  if (!service?.getAttribute('Location'))
    throw new Error('The metadata has no HTTP-Redirect or HTTP-POST sign-in address.');
  if (certificates.length === 0) throw new Error('The metadata has no signing certificate.');
  return { entityId, ssoUrl: service.getAttribute('Location')!, certificates: certificates.slice(0, 2) };
}
