import { PRODUCT_NAME } from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import type { Database } from '../../db/types.ts';
import { bulkInsert, int, text } from './bulk-sql.ts';

export interface WelcomeRecipient {
  userId: number;
  email: string;
  firstName: string;
  username: string;
}

/** The notification type of a new account's e-mail (spec §3). */
const WELCOME_TYPE = 'user_registration';

function compose(recipient: WelcomeRecipient, companyName: string, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    subject: `Welcome to ${companyName}'s training on ${PRODUCT_NAME}`,
    body: [
      `Hello ${recipient.firstName},`,
      '',
      `${companyName} has given you an account on ${PRODUCT_NAME}, where your compliance training lives.`,
      `Your username is ${recipient.username}.`,
      `Choose your password here: ${base}/password/forgot`,
      `Then sign in at ${base}/login`,
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/**
 * Queues a welcome e-mail to each new user: one delivery and one `deliver_email` job each, written
 * set-based in the chunk's transaction (the jobs run after it commits; a rolled-back chunk sends none).
 * The e-mail carries no secret: the user picks a password through the forgot-password page.
 */
export async function queueWelcomeEmails(
  db: Kysely<Database>,
  dialect: Dialect,
  context: { companyId: number; companyName: string; publicUrl: string; createdBy: number | null; now: string },
  recipients: WelcomeRecipient[],
): Promise<void> {
  if (recipients.length === 0) return;
  const deliveries = await bulkInsert<{ id: number }>(
    db,
    dialect,
    'deliveries',
    [
      int('company_id'),
      int('user_id'),
      text('type'),
      text('method'),
      text('recipient'),
      text('subject'),
      text('body'),
      text('status'),
      text('created_at'),
    ],
    recipients.map((r) => {
      const message = compose(r, context.companyName, context.publicUrl);
      return [
        context.companyId,
        r.userId,
        WELCOME_TYPE,
        'email',
        r.email,
        message.subject,
        message.body,
        'queued',
        context.now,
      ];
    }),
    'RETURNING id',
  );
  await bulkInsert(
    db,
    dialect,
    'jobs',
    [
      int('company_id'),
      text('type'),
      text('payload'),
      text('status'),
      text('run_at'),
      int('created_by'),
      text('created_at'),
      text('updated_at'),
    ],
    deliveries.map((d) => [
      context.companyId,
      'deliver_email',
      JSON.stringify({ delivery_id: d.id }),
      'queued',
      context.now,
      context.createdBy,
      context.now,
      context.now,
    ]),
  );
}
