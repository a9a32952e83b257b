import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { serverSecret } from '../../platform/server-secrets.repository.ts';

// The SQL of Assignment Details links (migration 027): the server's HMAC key, the links' records.

/** The key Assignment Details links are signed with. */
export const linkSecret = (db: Kysely<Database>, now: string) => serverSecret(db, 'assignment_link_hmac', now);

export async function insertLink(
  db: Kysely<Database>,
  values: { companyId: number; assignmentId: number; expiresAt: string; createdBy: number | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto('assignment_tokens')
    .values({
      company_id: values.companyId,
      assignment_id: values.assignmentId,
      expires_at: values.expiresAt,
      revoked_at: null,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The assignments (of `ids`) with the live link made for messages (no `created_by`, not revoked)
 * that lasts longest, if it expires after `reusableAfter`: one row per assignment that still exists.
 */
export async function findMessageLinks(db: Kysely<Database>, ids: readonly number[], reusableAfter: string) {
  return db
    .selectFrom('assignments as a')
    .leftJoin('assignment_tokens as t', (join) =>
      join
        .onRef('t.assignment_id', '=', 'a.id')
        .onRef('t.company_id', '=', 'a.company_id')
        .on('t.created_by', 'is', null)
        .on('t.revoked_at', 'is', null)
        .on('t.expires_at', '>', reusableAfter),
    )
    .select(['a.id', 'a.company_id', 't.id as link_id', 't.expires_at'])
    .where('a.id', 'in', ids)
    .orderBy('a.id')
    .orderBy('t.expires_at', 'desc')
    .execute();
}

/** Inserts links in one statement; returns each one's id with its assignment. */
export async function insertLinks(
  db: Kysely<Database>,
  rows: readonly { companyId: number; assignmentId: number }[],
  values: { expiresAt: string; now: string },
): Promise<{ id: number; assignment_id: number }[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('assignment_tokens')
    .values(
      rows.map((row) => ({
        company_id: row.companyId,
        assignment_id: row.assignmentId,
        expires_at: values.expiresAt,
        revoked_at: null,
        created_by: null,
        created_at: values.now,
      })),
    )
    .returning(['id', 'assignment_id'])
    .execute();
}

/** A link's record with what Assignment Details shows: the learner's first name, the course, the dates. */
export function findLinkedAssignment(db: Kysely<Database>, linkId: number) {
  return db
    .selectFrom('assignment_tokens as t')
    .innerJoin('assignments', 'assignments.id', 't.assignment_id')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .innerJoin('companies', 'companies.id', 'assignments.company_id')
    .select([
      't.id as link_id',
      't.expires_at as link_expires_at',
      't.revoked_at',
      'assignments.id',
      'assignments.company_id',
      'assignments.status',
      'assignments.due_at',
      'assignments.started_at',
      'assignments.progress',
      'assignments.expires_at',
      'users.first_name',
      'users.suspended',
      'companies.suspended as company_suspended',
      'courses.name as course_name',
    ])
    .where('t.id', '=', linkId)
    .whereRef('t.company_id', '=', 'assignments.company_id')
    .executeTakeFirst();
}

/** Withdraws the assignment's links still in force; answers how many. */
export async function revokeLinksOf(db: Kysely<Database>, assignmentId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('assignment_tokens')
    .set({ revoked_at: now })
    .where('assignment_id', '=', assignmentId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One assignment of the company whose learner is in the caller's reach (null: the whole company). */
export function findAssignmentInReach(
  db: Kysely<Database>,
  companyId: number,
  scope: number[] | null,
  assignmentId: number,
) {
  return db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .select(['assignments.id', 'assignments.company_id', 'assignments.user_id'])
    .where('assignments.id', '=', assignmentId)
    .where('assignments.company_id', '=', companyId)
    .$if(scope !== null, (qb) => qb.where('users.department_id', 'in', scope?.length ? scope : [0]))
    .executeTakeFirst();
}
