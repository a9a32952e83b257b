import type { Config } from '../config.ts';

/**
 * Text messages go through an SMS provider's HTTP API behind this interface (decision 068). Without
 * a provider configured (SMS_PROVIDER_URL), deliveries stay in the outbox the console shows.
 */
export interface SmsMessage {
  to: string;
  text: string;
  /** Our delivery's key: a provider that honours it never sends the same message twice. */
  reference: string;
}

export interface SmsAdapter {
  send(message: SmsMessage): Promise<{ providerId: string | null }>;
}

/** A send the provider refused for good (4xx but 408/429): recorded as failed and not retried. */
export class PermanentSendError extends Error {}

/**
 * The HTTP provider: `POST {url}` with a JSON body `{from, to, text, reference}` and a bearer token;
 * any 2xx is sent (its JSON `id` kept), 408/429/5xx and network errors are retried, other 4xx fail.
 */
export class HttpSmsAdapter implements SmsAdapter {
  constructor(private readonly options: { url: string; token?: string; from: string; timeoutMs?: number }) {}

  async send(message: SmsMessage) {
    const response = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': message.reference,
        ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      },
      body: JSON.stringify({
        from: this.options.from,
        to: message.to,
        text: message.text,
        reference: message.reference,
      }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    if (!response.ok) {
      const error = `SMS provider answered ${response.status}: ${text.slice(0, 300)}`;
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      throw retryable ? new Error(error) : new PermanentSendError(error);
    }
    let providerId: string | null = null;
    try {
      const parsed = JSON.parse(text) as { id?: unknown };
      providerId = parsed.id === undefined ? null : String(parsed.id);
    } catch {
      // A provider that answers without JSON still accepted the message.
    }
    return { providerId };
  }
}

/** The configured provider, or null for the outbox. */
export function smsAdapter(config: Pick<Config, 'sms'>): SmsAdapter | null {
  return config.sms ? new HttpSmsAdapter(config.sms) : null;
}
