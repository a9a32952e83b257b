import { PRODUCT_NAME } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../jobs/queue.repository.ts';
import { queueEmail } from '../../platform/mail.repository.ts';
import { findCompany } from './companies.repository.ts';

const TEST_NOTIFICATION_SUBJECT = `${PRODUCT_NAME} test notification`;

function body(companyName: string, recipient: string, at: Date): string {
  return [
    `This is a test notification from ${PRODUCT_NAME}.`,
    '',
    `It was sent to ${recipient} at ${at.toISOString()} to check the e-mail settings of ${companyName}.`,
    'If you can read this, e-mail delivery works. No action is needed.',
  ].join('\n');
}

/**
 * Queues a test e-mail to the caller through the e-mail settings of the company in scope. The
 * delivery is logged as `queued` at once; the worker's `test_notification` job sends it.
 */
export async function sendTestNotification(db: Kysely<Database>, ctx: AuthedContext): Promise<{ job_id: number }> {
  const recipient = ctx.user.email;
  if (!recipient) throw invalidField('email', 'Your account has no e-mail address to send the test notification to.');
  const company = await findCompany(db, ctx.companyId);
  if (!company) throw notFound();
  const now = ctx.now();
  return db.transaction().execute(async (trx) => {
    const deliveryId = await queueEmail(trx, {
      companyId: ctx.companyId,
      userId: ctx.user.id,
      type: 'test_notification',
      recipient,
      subject: TEST_NOTIFICATION_SUBJECT,
      body: body(company.name, recipient, now),
      now,
    });
    const job = await enqueue(trx, {
      type: 'test_notification',
      payload: { delivery_id: deliveryId },
      companyId: ctx.companyId,
      createdBy: ctx.actorId,
      now,
    });
    await audit(trx, ctx, {
      action: 'company.test_notification',
      entityType: 'company',
      entityId: ctx.companyId,
      after: { recipient, delivery_id: deliveryId, job_id: job.id },
    });
    return { job_id: job.id };
  });
}
