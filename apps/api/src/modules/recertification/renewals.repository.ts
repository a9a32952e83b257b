import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A completed assignment whose recertification is due: expiring within its course's renewal window. */
export interface RenewalCandidate {
  id: number;
  company_id: number;
  user_id: number;
  course_id: number;
  rule_id: number | null;
  recertify_months: number | null;
  expires_at: string;
  renewal_days: number;
  grace_days: number;
}

/** The longest renewal window of any course: how far ahead of now the pass has to look. */
export async function longestRenewalWindow(db: Db): Promise<number> {
  const row = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.max('renewal_days').as('days'))
    .executeTakeFirst();
  return Number(row?.days ?? 0);
}

/**
 * The next completed assignments, by expiry then id, that expire by `horizon` and are still the
 * latest assignment of their learner and course (nothing renewed or re-assigned them since), of an
 * active course, an active learner and a company that is not suspended. Walks the partial index
 * `assignments_renewal_due`; each candidate's own course window is checked by the caller.
 */
export function renewalCandidates(
  db: Db,
  input: { horizon: string; after: { expiresAt: string; id: number } | null; limit: number },
): Promise<RenewalCandidate[]> {
  const { after } = input;
  return db
    .selectFrom('assignments as a')
    .innerJoin('courses as c', 'c.id', 'a.course_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('companies as co', 'co.id', 'a.company_id')
    .select([
      'a.id',
      'a.company_id',
      'a.user_id',
      'a.course_id',
      'a.rule_id',
      'a.recertify_months',
      sql<string>`a.expires_at`.as('expires_at'),
      'c.renewal_days',
      'c.grace_days',
    ])
    .where('a.expires_at', 'is not', null)
    .where('a.completed_at', 'is not', null)
    .where('a.expires_at', '<=', input.horizon)
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('a.expires_at', '>', after!.expiresAt),
          eb.and([eb('a.expires_at', '=', after!.expiresAt), eb('a.id', '>', after!.id)]),
        ]),
      ),
    )
    .where('c.active', '=', 1)
    .where('u.suspended', '=', 0)
    .where('co.suspended', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('assignments as later')
            .select(sql`1`.as('one'))
            .whereRef('later.user_id', '=', 'a.user_id')
            .whereRef('later.course_id', '=', 'a.course_id')
            .whereRef('later.id', '>', 'a.id'),
        ),
      ),
    )
    .orderBy('a.expires_at')
    .orderBy('a.id')
    .limit(input.limit)
    .execute();
}

export interface NewRenewal {
  renews: RenewalCandidate;
  dueAt: string;
}

/** Inserts renewal assignments; returns each new one's id with the company it belongs to. */
export async function insertRenewals(
  db: Db,
  renewals: readonly NewRenewal[],
  now: string,
): Promise<{ id: number; company_id: number }[]> {
  if (renewals.length === 0) return [];
  return db
    .insertInto('assignments')
    .values(
      renewals.map(({ renews, dueAt }) => ({
        company_id: renews.company_id,
        user_id: renews.user_id,
        course_id: renews.course_id,
        status: 'not_started',
        source: 'renewal',
        rule_id: renews.rule_id,
        assigned_by: null,
        assigned_at: now,
        due_at: dueAt,
        recertify_months: renews.recertify_months,
        renews_assignment_id: renews.id,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'company_id'])
    .execute();
}
