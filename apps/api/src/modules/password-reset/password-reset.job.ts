import { PASSWORD_RESET_TTL_MINUTES } from '@heed/contract';
import { z } from 'zod';
import { deliverEmailJob } from '../../jobs/deliver-email.job.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { addMinutes, iso } from '../../platform/clock.ts';
import { queueEmail } from '../../platform/mail.repository.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { findUserById, findUserByLogin } from '../auth/index.ts';
import { composeResetEmail, redactResetLinks } from './password-reset.email.ts';
import { findCompanyName, findDeliveryBody, replaceResetTokens, setDeliveryBody } from './password-reset.repository.ts';

/** Makes one user's reset link and queues its e-mail (from a bulk action, or the forgot-password form). */
export const PASSWORD_RESET_JOB = 'send_password_reset';
/** Sends a reset e-mail, then removes the link from the stored copy. */
export const DELIVER_PASSWORD_RESET_JOB = 'deliver_password_reset';

const payloadSchema = z.union([
  z.object({ user_id: z.number().int().positive(), requested_by: z.literal('admin') }),
  z.object({ login: z.string().min(1).max(254), requested_by: z.literal('self'), ip: z.string().max(64) }),
]);

/**
 * Makes the token when the job runs, so the link's secret exists only in the hash table and the
 * e-mail; the token, the e-mail and its delivery job commit together, and the delivery job alone
 * retries a failed send (never a second token). A user who cannot reset (unknown, deactivated, no
 * e-mail) completes the job quietly: the forgot-password form says the same either way.
 */
export const sendPasswordResetJob: JobHandler = async (ctx) => {
  const parsed = payloadSchema.safeParse(ctx.payload);
  if (!parsed.success) throw new PermanentJobError('The job payload names no user.');
  const payload = parsed.data;
  const user =
    'user_id' in payload ? await findUserById(ctx.db, payload.user_id) : await findUserByLogin(ctx.db, payload.login);
  if (!user?.email || user.suspended === 1) return { sent: false };
  const email = user.email;
  const now = ctx.now();
  const token = randomToken();
  const message = await composeResetEmail(ctx.db, user.company_id, 'reset_password', {
    user,
    company: { name: await findCompanyName(ctx.db, user.company_id) },
    publicUrl: ctx.config.publicUrl,
    token,
  });
  const deliveryId = await ctx.db.transaction().execute(async (trx) => {
    await replaceResetTokens(trx, {
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: iso(addMinutes(now, PASSWORD_RESET_TTL_MINUTES)),
      created_at: iso(now),
    });
    const id = await queueEmail(trx, {
      companyId: user.company_id,
      userId: user.id,
      type: 'reset_password',
      recipient: email,
      ...message,
      now,
    });
    await enqueue(trx, {
      type: DELIVER_PASSWORD_RESET_JOB,
      payload: { delivery_id: id },
      companyId: user.company_id,
      createdBy: ctx.job.created_by,
      now,
    });
    // A bulk action audits its users itself; a request from the sign-in page is audited here.
    if ('login' in payload) {
      await audit(
        trx,
        { actorId: null, impersonatorId: null, companyId: user.company_id, ip: payload.ip, now: () => now },
        { action: 'auth.password_reset_requested', entityType: 'user', entityId: user.id },
      );
    }
    return id;
  });
  return { sent: true, delivery_id: deliveryId };
};

/** deliver_email, then the stored body loses the link: whoever reads the delivery log cannot use it. */
export const deliverPasswordResetJob: JobHandler = async (ctx) => {
  const result = (await deliverEmailJob(ctx)) as { delivery_id: number; status: string };
  if (result.status === 'sent') {
    const body = await findDeliveryBody(ctx.db, result.delivery_id);
    await setDeliveryBody(ctx.db, result.delivery_id, redactResetLinks(body));
  }
  return result;
};
