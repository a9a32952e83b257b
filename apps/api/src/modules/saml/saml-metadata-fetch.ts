import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** How IdP metadata is fetched (decision 080). */
export interface MetadataFetchOptions {
  /** Tests only: allow loopback addresses (and plain http to them). Private ranges stay refused. */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

export const METADATA_MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** A fetch that was refused or failed; its message is shown on the field (and on the page after a refresh). */
export class MetadataFetchError extends Error {}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

// Addresses that are not the public internet: private, shared, link-local (cloud metadata at
// 169.254.169.254), multicast, reserved, and their IPv6 counterparts.
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Why an address may not be fetched from, or null when it may. IPv4-mapped IPv6 is judged as IPv4. */
export function refusedAddressReason(address: string, allowLoopback: boolean): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(ip, family)) return allowLoopback ? null : 'The address is a loopback address.';
  if (NOT_PUBLIC.check(ip, family)) return 'The address is in a private or reserved network.';
  return null;
}

/**
 * The resolver the request connects with: every address the name resolves to must be public, so a
 * name cannot point at an internal host (nor change its answer between a check and the connection).
 */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true }).then(
      (addresses) => {
        const refused = addresses.map((a) => refusedAddressReason(a.address, allowLoopback)).find(Boolean);
        if (addresses.length === 0 || refused) {
          callback(new MetadataFetchError(refused ?? 'The host name does not resolve.'), '', 4);
        } else if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      () => callback(new MetadataFetchError('The host name does not resolve.'), '', 4),
    );
  };
}

/** The URL if it may be fetched: https (http only to loopback in tests), no credentials, a literal IP only if public. */
function checkedUrl(input: string, options: MetadataFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new MetadataFetchError('Enter the https:// address of the IdP’s metadata.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLoopbackHost = isIP(host) !== 0 && refusedAddressReason(host, false) === 'The address is a loopback address.';
  const plainAllowed = options.allowLoopback && (isLoopbackHost || host === 'localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainAllowed))
    throw new MetadataFetchError('Enter the https:// address of the IdP’s metadata.');
  if (url.username || url.password) throw new MetadataFetchError('The address may not hold a user name or password.');
  // A literal address is connected to without a lookup: judge it here.
  const refused = isIP(host) !== 0 ? refusedAddressReason(host, options.allowLoopback) : null;
  if (refused) throw new MetadataFetchError(refused);
  return url;
}

function get(url: URL, options: MetadataFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      lookup: guardedLookup(options.allowLoopback),
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.destroy();
    throw new MetadataFetchError(`The metadata is larger than ${maxBytes / 1024 / 1024} MB.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new MetadataFetchError(`The metadata is larger than ${maxBytes / 1024 / 1024} MB.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GETs IdP metadata: https only, every address (of the URL and of each of at most three redirects)
 * public, within a time limit and a size cap. The text is not parsed here.
 */
export async function fetchMetadata(input: string, options: MetadataFetchOptions): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  let url = checkedUrl(input, options);
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(url, options, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new MetadataFetchError('The address redirects too many times.');
        url = checkedUrl(new URL(response.headers.location, url).href, options);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new MetadataFetchError(`The IdP answered HTTP ${status}.`);
      }
      return await readCapped(response, options.maxBytes ?? METADATA_MAX_BYTES);
    }
  } catch (error) {
    if (error instanceof MetadataFetchError) throw error;
    if (signal.aborted) throw new MetadataFetchError('The IdP did not answer in time.');
    if (error instanceof Error && error.cause instanceof MetadataFetchError) throw error.cause;
    throw new MetadataFetchError(`The metadata could not be fetched (${(error as Error).message}).`);
  }
}
