import { Resolver } from 'node:dns/promises';
import type { DnsCheck } from '@heed/contract';

/** Codes that mean the name has no such record (DNS answered). */
const MISSING = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

type RecordCheck = DnsCheck['records'][number];

async function txt(
  resolver: Resolver,
  name: string,
): Promise<{ values: string[] } | { missing: true } | { error: string }> {
  try {
    const records = await resolver.resolveTxt(name);
    return { values: records.map((chunks) => chunks.join('')) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'ERROR';
    return MISSING.has(code) ? { missing: true } : { error: code };
  }
}

/**
 * The sender domain's SPF, DKIM (at `selector._domainkey`) and DMARC records, each with what to do.
 * When DNS cannot be asked at all (no resolver, no network), it says so rather than calling the
 * records missing.
 */
export async function checkSenderDomain(
  domain: string | null,
  options: { selector: string; servers?: string[]; timeoutMs?: number },
): Promise<DnsCheck> {
  if (!domain) {
    return {
      domain: null,
      reachable: true,
      explanation: 'Enter a sender address first: its domain is the one checked.',
      records: [],
    };
  }
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 1 });
  if (options.servers) resolver.setServers(options.servers);
  const names = {
    spf: domain,
    dkim: `${options.selector}._domainkey.${domain}`,
    dmarc: `_dmarc.${domain}`,
  } as const;
  const [spf, dkim, dmarc] = await Promise.all([
    txt(resolver, names.spf),
    txt(resolver, names.dkim),
    txt(resolver, names.dmarc),
  ]);
  const answers = { spf, dkim, dmarc };
  const errors = Object.values(answers).filter((a) => 'error' in a) as { error: string }[];
  if (errors.length === 3) {
    return {
      domain,
      reachable: false,
      explanation: `DNS could not be reached from this server (${errors[0]!.error}), so the records of ${domain} could not be checked. They may well be in place: check them from another machine (for example with "dig TXT ${names.dmarc}"), or try again once this server can reach a DNS resolver.`,
      records: (['spf', 'dkim', 'dmarc'] as const).map((kind) => ({
        kind,
        name: names[kind],
        status: 'unknown' as const,
        value: null,
        advice: 'Not checked: DNS was not reachable.',
      })),
    };
  }
  const pick = (kind: keyof typeof names, prefix: RegExp) => {
    const a = answers[kind];
    if ('error' in a) return { status: 'unknown' as const, value: null, error: a.error };
    if ('missing' in a) return { status: 'missing' as const, value: null };
    const value = a.values.find((v) => prefix.test(v)) ?? null;
    return { status: value ? ('ok' as const) : ('missing' as const), value };
  };
  const records: RecordCheck[] = [];
  const s = pick('spf', /^v=spf1\b/i);
  records.push({
    kind: 'spf',
    name: names.spf,
    value: s.value,
    status: s.status === 'ok' && /\+all\b/.test(s.value ?? '') ? 'warning' : s.status,
    advice:
      s.status === 'ok'
        ? /\+all\b/.test(s.value ?? '')
          ? 'The SPF record allows any server (+all): end it with ~all or -all.'
          : 'SPF is published. Make sure it includes your SMTP server.'
        : s.status === 'missing'
          ? `Publish a TXT record "v=spf1 include:<your mail provider> ~all" on ${domain}.`
          : `Could not be checked (${(s as { error?: string }).error}).`,
  });
  const k = pick('dkim', /(^|;)\s*(v=DKIM1|k=|p=)/i);
  records.push({
    kind: 'dkim',
    name: names.dkim,
    status: k.status,
    value: k.value,
    advice:
      k.status === 'ok'
        ? 'A DKIM key is published for this selector.'
        : k.status === 'missing'
          ? `No DKIM key at ${names.dkim}: publish your mail provider's key there (or this server's, when DKIM signing is configured).`
          : `Could not be checked (${(k as { error?: string }).error}).`,
  });
  const d = pick('dmarc', /^v=DMARC1\b/i);
  records.push({
    kind: 'dmarc',
    name: names.dmarc,
    status: d.status === 'ok' && /\bp=none\b/i.test(d.value ?? '') ? 'warning' : d.status,
    value: d.value,
    advice:
      d.status === 'ok'
        ? /\bp=none\b/i.test(d.value ?? '')
          ? 'DMARC is published with p=none (monitoring only): move to quarantine or reject once reports are clean.'
          : 'DMARC is published.'
        : d.status === 'missing'
          ? `Publish a TXT record "v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}" at ${names.dmarc}.`
          : `Could not be checked (${(d as { error?: string }).error}).`,
  });
  const problems = records.filter((r) => r.status !== 'ok').length;
  return {
    domain,
    reachable: true,
    explanation:
      problems === 0
        ? `${domain} publishes SPF, DKIM and DMARC: receivers can tell its mail is genuine.`
        : `${problems} of the 3 records of ${domain} need attention: without them, receivers may mark its mail as spam.`,
    records,
  };
}
