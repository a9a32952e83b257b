import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.ts';
import { enqueue, getJob } from '../../src/jobs/queue.repository.ts';

/**
 * A queued test-notification delivery and the job that sends it, both dated in 2020: a worker that
 * keeps real time finds the job due at once.
 */
export async function queueTestDelivery(db: Kysely<Database>): Promise<{ deliveryId: number; jobId: number }> {
  const past = new Date('2020-01-01T00:00:00.000Z');
  const delivery = await db
    .insertInto('deliveries')
    .values({
      type: 'test_notification',
      method: 'email',
      recipient: 'a@b.test',
      subject: 'Hi',
      body: 'hi',
      status: 'queued',
      created_at: past.toISOString(),
      company_id: null,
      user_id: null,
      notification_id: null,
      assignment_id: null,
      error: null,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await enqueue(db, {
    companyId: null,
    type: 'test_notification',
    payload: { delivery_id: delivery.id },
    createdBy: null,
    now: past,
  });
  return { deliveryId: delivery.id, jobId: job.id };
}

/** The job's status once it completed, or after `attempts` checks 50 ms apart. */
export async function jobStatusAfterWaiting(db: Kysely<Database>, jobId: number, attempts: number): Promise<string> {
  let status = 'queued';
  for (let i = 0; i < attempts && status !== 'completed'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = (await getJob(db, jobId))!.status;
  }
  return status;
}
