import { type ParsedMail, simpleParser } from 'mailparser';
import { startSmtp } from '../../apps/api/test/support/smtp.ts';

/** A message the peer accepted, as a mail client shows it. */
export interface ArrivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the message: the HTML part's links, else the plain text's. */
  links: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function linksOf(parsed: ParsedMail): string[] {
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  const inText = [...(parsed.text ?? '').matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);
  return [...new Set([...hrefs, ...inText])];
}

/**
 * The API tests' SMTP peer (a real smtp-server on a free loopback port) for a Heed the e2e test starts
 * itself: `url` is its SMTP_URL, and `waitFor` polls until a message that matches has arrived, parsed
 * with mailparser.
 */
export async function startSmtpPeer() {
  const smtp = await startSmtp();
  const parsed: ArrivedMail[] = [];

  /** Everything that has arrived so far, parsed (each message once). */
  async function arrived(): Promise<ArrivedMail[]> {
    while (parsed.length < smtp.received.length) {
      const raw = smtp.received[parsed.length]!;
      const mail = await simpleParser(raw.raw);
      parsed.push({
        to: raw.to,
        from: raw.from,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        links: linksOf(mail),
      });
    }
    return parsed;
  }

  /** The first message that matches, once it arrives; fails after `timeoutMs` saying what did arrive. */
  async function waitFor(
    what: string,
    matches: (mail: ArrivedMail) => boolean,
    timeoutMs = 45_000,
  ): Promise<ArrivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await arrived()).find(matches);
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = parsed.map((m) => `${m.to.join(', ')}: ${m.subject}`).slice(-20);
        throw new Error(
          `No ${what} arrived within ${timeoutMs / 1000} s; ${parsed.length} message(s) did:\n${seen.join('\n')}`,
        );
      }
      await sleep(200);
    }
  }

  return {
    port: smtp.port,
    /** The server's SMTP_URL for this peer. */
    url: `smtp://127.0.0.1:${smtp.port}`,
    arrived,
    waitFor,
    close: smtp.close,
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
