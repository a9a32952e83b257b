import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CertificatesTable, Database } from '../../db/types.ts';

export type CertificateRow = Selectable<CertificatesTable>;

/** An assignment with what its certificate would show. */
export interface CertifiableRow {
  id: number;
  company_id: number;
  user_id: number;
  course_id: number;
  course_version_id: number | null;
  completed_at: string | null;
  score: number | null;
  expires_at: string | null;
  first_name: string;
  last_name: string;
  course_name: string;
  passing_score: number | null;
}

/** Whose assignment may be read: a user in a company, and for staff the departments they may see (null: all). */
export interface AssignmentOwner {
  companyId: number;
  userId: number;
  /** Department subtrees the caller may see; null for the whole company. Never empty (the service answers 404 first). */
  scope: number[] | null;
}

/** One assignment of a user, with the learner's and course's names, inside the tenant and the scope. */
export function findCertifiable(
  db: Kysely<Database>,
  owner: AssignmentOwner,
  assignmentId: number,
): Promise<CertifiableRow | undefined> {
  return db
    .selectFrom('assignments')
    .innerJoin('users', 'users.id', 'assignments.user_id')
    .innerJoin('courses', 'courses.id', 'assignments.course_id')
    .select([
      'assignments.id',
      'assignments.company_id',
      'assignments.user_id',
      'assignments.course_id',
      'assignments.course_version_id',
      'assignments.completed_at',
      'assignments.score',
      'assignments.expires_at',
      'users.first_name',
      'users.last_name',
      'courses.name as course_name',
      'courses.passing_score',
    ])
    .where('assignments.id', '=', assignmentId)
    .where('assignments.user_id', '=', owner.userId)
    .where('assignments.company_id', '=', owner.companyId)
    .where('users.company_id', '=', owner.companyId)
    .$if(owner.scope !== null, (qb) => qb.where('users.department_id', 'in', owner.scope ?? []))
    .executeTakeFirst();
}

/** The certificate of one completion, if it was issued. */
export function findCertificate(
  db: Kysely<Database>,
  assignmentId: number,
  completedAt: string,
): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .where('completed_at', '=', completedAt)
    .executeTakeFirst();
}

/** The newest certificate of an assignment (its latest completion that has one). */
export function findLatestCertificate(db: Kysely<Database>, assignmentId: number): Promise<CertificateRow | undefined> {
  return db
    .selectFrom('certificates')
    .selectAll()
    .where('assignment_id', '=', assignmentId)
    .orderBy('completed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Inserts a certificate unless its completion already has one or its number is taken (either unique
 * index): the row, or undefined when nothing was written. No error, so a PostgreSQL transaction
 * stays usable; a parallel insert of the same completion waits for the first to commit, then skips.
 */
export function insertCertificate(
  db: Kysely<Database>,
  values: Insertable<CertificatesTable>,
): Promise<CertificateRow | undefined> {
  return db
    .insertInto('certificates')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The learner's `certificate_issued` activity; its step key makes a replay write nothing. */
export async function insertIssuedActivity(db: Kysely<Database>, certificate: CertificateRow, at: string) {
  await db
    .insertInto('course_activity')
    .values({
      company_id: certificate.company_id,
      user_id: certificate.user_id,
      course_id: certificate.course_id,
      assignment_id: certificate.assignment_id,
      topic_id: null,
      event: 'certificate_issued',
      data: JSON.stringify({ certificate_id: certificate.id, number: certificate.number }),
      step_key: `cert:${certificate.completed_at}`,
      created_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A certificate by its number, with its company's current name. */
export function findCertificateByNumber(db: Kysely<Database>, number: string) {
  return db
    .selectFrom('certificates')
    .innerJoin('companies', 'companies.id', 'certificates.company_id')
    .selectAll('certificates')
    .select('companies.name as company_name')
    .where('certificates.number', '=', number)
    .executeTakeFirst();
}

/** The name and time zone of the company a certificate is issued by. */
export function findCertificateCompany(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('companies').select(['name', 'time_zone']).where('id', '=', companyId).executeTakeFirst();
}

/** The company's newest asset of a type, if any (the background; the logo when none is chosen). */
export function findNewestAsset(db: Kysely<Database>, companyId: number, type: 'logo' | 'certificate_background') {
  return db
    .selectFrom('assets')
    .select(['path', 'mime'])
    .where('company_id', '=', companyId)
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The logo the company chose in Edit Company (`companies.logo_path`, decision 072), when it is still
 * one of its own logo assets; undefined when none is chosen (the caller falls back to the newest).
 */
export function findChosenLogo(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('companies')
    .innerJoin('assets', (join) =>
      join.onRef('assets.path', '=', 'companies.logo_path').onRef('assets.company_id', '=', 'companies.id'),
    )
    .select(['assets.path', 'assets.mime'])
    .where('companies.id', '=', companyId)
    .where('assets.type', '=', 'logo')
    .executeTakeFirst();
}
