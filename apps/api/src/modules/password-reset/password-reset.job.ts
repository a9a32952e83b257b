import { PASSWORD_RESET_TTL_MINUTES } from '@heed/contract';
import { z } from 'zod';
import { deliverEmailJob } from '../../jobs/deliver-email.job.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { addMinutes, iso } from '../../platform/clock.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { findUserById, findUserByLogin } from '../auth/index.ts';
import { queueNotification, renderEventMessage } from '../notifications/index.ts';
import { resetUrl } from './password-reset.email.ts';
import { replaceResetTokens } from './password-reset.repository.ts';

/** Makes one user's reset link and queues its e-mail (from a bulk action, or the forgot-password form). */
export const PASSWORD_RESET_JOB = 'send_password_reset';
/** Reset e-mails queued before the notification pipeline (decision 068); new ones go through it. */
export const DELIVER_PASSWORD_RESET_JOB = 'deliver_password_reset';

const payloadSchema = z.union([
  z.object({ user_id: z.number().int().positive(), requested_by: z.literal('admin') }),
  z.object({ login: z.string().min(1).max(254), requested_by: z.literal('self'), ip: z.string().max(64) }),
]);

/**
 * Makes the token when the job runs, so the link's secret exists only in the hash table and the
 * e-mail; the token and the e-mail's delivery (notification pipeline) commit together, and the
 * pipeline alone retries a failed send (never a second token). A user who cannot reset (unknown, deactivated, no
 * e-mail) completes the job quietly: the forgot-password form says the same either way.
 */
export const sendPasswordResetJob: JobHandler = async (ctx) => {
  const parsed = payloadSchema.safeParse(ctx.payload);
  if (!parsed.success) throw new PermanentJobError('The job payload names no user.');
  const payload = parsed.data;
  const user =
    'user_id' in payload ? await findUserById(ctx.db, payload.user_id) : await findUserByLogin(ctx.db, payload.login);
  if (!user?.email || user.suspended === 1) return { sent: false };
  const now = ctx.now();
  const token = randomToken();
  // Rendered now, so that the link exists only in the e-mail sent (its stored copy loses it once sent).
  const message = await renderEventMessage(
    ctx.db,
    ctx.config,
    {
      companyId: user.company_id,
      userId: user.id,
      type: 'reset_password',
      method: 'email',
      context: { reset_url: resetUrl(ctx.config.publicUrl, token) },
    },
    now,
  );
  const deliveryId = await ctx.db.transaction().execute(async (trx) => {
    await replaceResetTokens(trx, {
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: iso(addMinutes(now, PASSWORD_RESET_TTL_MINUTES)),
      created_at: iso(now),
    });
    const [id] = await queueNotification(trx, {
      companyId: user.company_id,
      type: 'reset_password',
      userId: user.id,
      message,
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
    return id ?? null;
  });
  return { sent: true, delivery_id: deliveryId };
};

/**
 * Reset e-mails queued before the notification pipeline (a `deliver_email` job each): sent as any
 * e-mail; the stored copy loses its link once sent (platform/mail.ts).
 */
export const deliverPasswordResetJob: JobHandler = async (ctx) => deliverEmailJob(ctx);
