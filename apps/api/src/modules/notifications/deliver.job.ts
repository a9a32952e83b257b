import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import type { JobHandler } from '../../jobs/types.ts';
import {
  type DeliveryRow,
  claimDueDeliveries,
  nextDueAt,
  recordDelivery,
  releaseStaleClaims,
} from '../../platform/mail.repository.ts';
import { DELIVERY_LEASE_MS, MAX_DELIVERY_ATTEMPTS, closeMailTransports, transmit } from '../../platform/mail.ts';
import { ensureDeliverJob } from './queue-notification.ts';
import { RenderCache, cachedCompany, prepareAssignmentUrls, renderDelivery } from './render-message.ts';

/** Why a suspended company's queued message was not sent. */
const SUSPENDED = 'Not sent: the company is suspended.';
/** Deliveries claimed and sent together; the pooled transport sends them over a few connections. */
const BATCH = 50;
/** Messages rendered and sent side by side within a batch. */
const SEND_AT_ONCE = 5;
/** A run stops claiming after this long and leaves the rest to the next job (the e-mail lane's budget is 2 minutes). */
const RUN_MS = 75_000;

export interface DeliverRunOptions {
  workerId: string;
  now: () => Date;
  signal?: AbortSignal;
  /** Stop after this many batches (tests). */
  maxBatches?: number;
}

export interface DeliverRunResult {
  sent: number;
  failed: number;
  retrying: number;
  outbox: number;
}

async function sendOne(
  db: Kysely<Database>,
  config: Config,
  claimed: DeliveryRow,
  options: DeliverRunOptions,
  cache: RenderCache,
) {
  const now = options.now();
  let delivery = claimed;
  // A company suspended after the message was queued sends nothing more (the log says why).
  const company = delivery.company_id === null ? undefined : await cachedCompany(db, cache, delivery.company_id);
  if (company?.suspended === 1) {
    await recordDelivery(db, delivery.id, options.workerId, { status: 'failed', error: SUSPENDED, now });
    return 'failed' as const;
  }
  let rendered: { subject: string | null; body: string; html: string | null } | undefined;
  if (delivery.body === '') {
    try {
      rendered = await renderDelivery(db, config, delivery, now, cache);
      delivery = { ...delivery, ...rendered };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await recordDelivery(db, delivery.id, options.workerId, {
        status: 'failed',
        error: `Not rendered: ${message}`,
        now,
      });
      return 'failed' as const;
    }
  }
  const outcome = await transmit(db, config, delivery, {
    now,
    isLastAttempt: delivery.attempts >= MAX_DELIVERY_ATTEMPTS,
  });
  // The rendered text is kept for the log with the outcome, in the same write.
  const content = outcome.content ?? rendered;
  await recordDelivery(db, delivery.id, options.workerId, { ...outcome, ...(content ? { content } : {}) });
  return outcome.status;
}

/**
 * Sends the pipeline's due deliveries: takes back claims whose worker died, then claims a batch at a
 * time (each delivery is `sending` under this worker before any message leaves), renders what is not
 * rendered yet, sends and records each over pooled SMTP connections (one pool per set of settings,
 * closed when the run ends). Ends when nothing is due (or its time is up), leaving a job for the
 * next delivery that waits (a retry, a morning send).
 */
export async function runDeliveries(db: Kysely<Database>, config: Config, options: DeliverRunOptions) {
  const result: DeliverRunResult = { sent: 0, failed: 0, retrying: 0, outbox: 0 };
  const started = Date.now();
  const cache = new RenderCache();
  await releaseStaleClaims(db, new Date(options.now().getTime() - DELIVERY_LEASE_MS));
  let batches = 0;
  let more = true;
  while (more && Date.now() - started < RUN_MS && (options.maxBatches === undefined || batches < options.maxBatches)) {
    options.signal?.throwIfAborted();
    const claimed = await claimDueDeliveries(db, options.workerId, options.now(), BATCH);
    more = claimed.length === BATCH;
    batches += 1;
    // The batch's Assignment Details links in one go (those still to be rendered, of active companies).
    const toRender: (number | null)[] = [];
    for (const row of claimed)
      if (
        row.body === '' &&
        row.company_id !== null &&
        (await cachedCompany(db, cache, row.company_id))?.suspended === 0
      )
        toRender.push(row.assignment_id);
    await prepareAssignmentUrls(db, config, cache, toRender, options.now());
    // A few at a time: the pooled transport keeps a few connections, and 50 renders at once would
    // hold 50 messages' HTML in the short lane's small heap.
    const outcomes: Awaited<ReturnType<typeof sendOne>>[] = [];
    for (let at = 0; at < claimed.length; at += SEND_AT_ONCE)
      outcomes.push(
        ...(await Promise.all(
          claimed.slice(at, at + SEND_AT_ONCE).map((row) => sendOne(db, config, row, options, cache)),
        )),
      );
    for (const status of outcomes) {
      if (status === 'sent') result.sent += 1;
      else if (status === 'failed') result.failed += 1;
      else if (status === 'outbox') result.outbox += 1;
      else result.retrying += 1;
    }
  }
  const now = options.now();
  if (more) await ensureDeliverJob(db, now);
  else {
    // Nothing more due now: the run's SMTP connections are not kept open until the next one.
    closeMailTransports();
    const next = await nextDueAt(db);
    if (next) await ensureDeliverJob(db, now, new Date(Math.max(Date.parse(next), now.getTime())));
  }
  return result;
}

export const deliverNotificationsJob: JobHandler = async (ctx) =>
  runDeliveries(ctx.db, ctx.config, {
    workerId: `${ctx.job.locked_by ?? 'worker'}#${ctx.job.id}`,
    now: () => ctx.now(),
    signal: ctx.signal,
  });
