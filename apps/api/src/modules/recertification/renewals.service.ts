import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/create-db.ts';
import { writeTransaction } from '../../db/dialect/index.ts';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import { queueAssignmentNotifications } from '../notifications/index.ts';
import { type NewRenewal, insertRenewals, longestRenewalWindow, renewalCandidates } from './renewals.repository.ts';

const DAY_MS = 86_400_000;
const plusDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
/** Candidates read, and renewals written (one transaction), at a time. */
const CHUNK = 1_000;

export interface RenewalPassResult {
  renewed: number;
  /** Renewals made, by company id. */
  companies: Record<number, number>;
}

/**
 * The daily renewal pass (decision 075): every completion expiring within its course's renewal
 * window, and still its learner's latest assignment of the course, gets a renewal assignment due
 * when the grace period after its expiry ends. Chunk by chunk, each chunk one transaction with an
 * audit entry per company it touched and the learners' `course_assignment` messages (the company's
 * event schedule, as for New assignment and rule runs); a second pass (or a crash and a re-run) finds every renewed
 * completion superseded by its renewal and makes nothing twice (the unique `renews_assignment_id`
 * is the backstop).
 */
export async function renewDueCompletions(
  deps: { db: Kysely<Database>; dialect: Dialect },
  now: Date,
  signal?: AbortSignal,
): Promise<RenewalPassResult> {
  const { db, dialect } = deps;
  const stamp = iso(now);
  const horizon = iso(plusDays(now, await longestRenewalWindow(db)));
  const result: RenewalPassResult = { renewed: 0, companies: {} };
  let after: { expiresAt: string; id: number } | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const candidates = await renewalCandidates(db, { horizon, after, limit: CHUNK });
    if (candidates.length === 0) break;
    const last = candidates[candidates.length - 1]!;
    after = { expiresAt: last.expires_at, id: last.id };
    const due: NewRenewal[] = candidates
      .filter((c) => c.expires_at <= iso(plusDays(now, c.renewal_days)))
      .map((c) => ({ renews: c, dueAt: iso(plusDays(new Date(c.expires_at), c.grace_days)) }));
    if (due.length === 0) continue;
    await writeTransaction(db, dialect, async (trx) => {
      const made = await insertRenewals(trx, due, stamp);
      const byCompany = new Map<number, number[]>();
      for (const row of made) {
        const ids = byCompany.get(row.company_id) ?? [];
        ids.push(row.id);
        byCompany.set(row.company_id, ids);
      }
      for (const [companyId, ids] of byCompany) {
        const count = ids.length;
        await queueAssignmentNotifications(trx, { companyId, assignments: { ids }, now });
        await audit(
          trx,
          { actorId: null, impersonatorId: null, companyId, ip: '', now: () => now },
          { action: 'assignments.renew', entityType: 'assignments', after: { renewals: count } },
        );
        result.companies[companyId] = (result.companies[companyId] ?? 0) + count;
      }
      result.renewed += made.length;
    });
  }
  return result;
}
