import { z } from 'zod';
import { deliverEmail } from '../platform/mail.ts';
import { PermanentSendError } from '../platform/sms.ts';
import { JOB_KINDS, type JobDefinition, type JobHandler, PermanentJobError } from './types.ts';

/** Any e-mail queued with `queueEmail` and a job of this type (the platform's own job type: no module's). */
const DELIVER_EMAIL_JOB = 'deliver_email';

const payloadSchema = z.object({ delivery_id: z.number().int().positive() });

/** Sends one queued delivery. A failed send is recorded on the delivery and retried by the queue. */
export const deliverEmailJob: JobHandler = async (ctx) => {
  const parsed = payloadSchema.safeParse(ctx.payload);
  if (!parsed.success) throw new PermanentJobError('The job payload has no delivery_id.');
  const status = await deliverEmail(ctx.db, ctx.config, parsed.data.delivery_id, {
    now: ctx.now(),
    isLastAttempt: ctx.isLastAttempt,
    workerId: `${ctx.job.locked_by ?? 'worker'}#${ctx.job.id}`,
  }).catch((error: unknown) => {
    // Refused for good (5xx) or out of attempts: recorded as failed on the delivery, no more retries.
    throw error instanceof PermanentSendError ? new PermanentJobError(error.message) : error;
  });
  if (status === 'missing') throw new PermanentJobError(`Delivery ${parsed.data.delivery_id} no longer exists.`);
  return { delivery_id: parsed.data.delivery_id, status };
};

/** In the registry from the start (registry.ts): e-mail is the platform's, queued by several modules. */
export const deliverEmailJobDefinition: JobDefinition = {
  type: DELIVER_EMAIL_JOB,
  run: deliverEmailJob,
  ...JOB_KINDS.email,
};
