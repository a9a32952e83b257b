import { type Kysely, sql } from 'kysely';

/**
 * Decision 081 for assignments renewed before it: a completed assignment whose renewal has been
 * completed is history (`renewed`), not a certificate that expired. The player marks new ones in the
 * completing transaction; this marks those completed earlier, once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE assignments SET status = 'renewed'
    WHERE status = 'completed'
      AND id IN (SELECT renews_assignment_id FROM assignments
                 WHERE renews_assignment_id IS NOT NULL AND status IN ('completed', 'renewed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE assignments SET status = 'completed' WHERE status = 'renewed'`.execute(db);
}
