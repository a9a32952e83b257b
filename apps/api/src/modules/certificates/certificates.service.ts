import { buffer } from 'node:stream/consumers';
import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_VERIFY_THROTTLE,
  type CertificateVerification,
  certificateVerifyPath,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext, RequestContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { departmentScope } from '../../platform/scope.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { takeHits } from '../../platform/throttle.repository.ts';
import { type CertificateImages, renderCertificatePdf } from './certificate-pdf.ts';
import { newCertificateNumber, normalizeCertificateNumber } from './certificate-number.ts';
import {
  type AssignmentOwner,
  type CertifiableRow,
  type CertificateRow,
  findCertifiable,
  findCertificate,
  findCertificateByNumber,
  findChosenLogo,
  findCertificateCompany,
  findLatestCertificate,
  findNewestAsset,
  insertCertificate,
  insertIssuedActivity,
} from './certificates.repository.ts';

export interface CertificatesDeps {
  db: Kysely<Database>;
  /** Where the companies' assets are stored (their logo and certificate background). */
  assets: FileStorage;
  /** The address the learner side is served at; the PDF prints `<publicUrl>/verify/<number>`. */
  publicUrl: string;
}

/** A certificate's PDF and the name to save it under. */
export interface CertificateFile {
  pdf: Uint8Array;
  fileName: string;
}

/** Tries before giving up on drawing an unused number; with 2·10^16 numbers a second try is already rare. */
const NUMBER_TRIES = 5;

/** GET /my/assignments/{id}/certificate: the session user's own assignment only, in their own company. */
export async function getMyCertificate(deps: CertificatesDeps, ctx: AuthedContext, assignmentId: number) {
  const owner = { companyId: ctx.user.company_id, userId: ctx.user.id, scope: null };
  return certificateFile(deps, await certificateOf(deps.db, ctx, owner, assignmentId));
}

/**
 * GET /users/{id}/assignments/{assignmentId}/certificate: for staff who may see the user (the user
 * drawer's rule): another company's user, or one outside a subtree role's departments, is a 404.
 */
export async function getUserCertificate(
  deps: CertificatesDeps,
  ctx: AuthedContext,
  userId: number,
  assignmentId: number,
) {
  const scope = await departmentScope(deps.db, ctx);
  if (scope !== null && scope.length === 0) throw notFound();
  const owner = { companyId: ctx.companyId, userId, scope };
  return certificateFile(deps, await certificateOf(deps.db, ctx, owner, assignmentId));
}

/**
 * The certificate of an assignment's latest completion, issued on this first request. While a
 * recertification is under way (no completion now), the last certificate issued is still the
 * learner's proof, so it is returned; with none, 404.
 */
async function certificateOf(
  db: Kysely<Database>,
  ctx: AuthedContext,
  owner: AssignmentOwner,
  assignmentId: number,
): Promise<CertificateRow> {
  const assignment = await findCertifiable(db, owner, assignmentId);
  if (!assignment) throw notFound();
  if (assignment.completed_at === null) {
    const last = await findLatestCertificate(db, assignment.id);
    if (!last) throw notFound(CERTIFICATE_MESSAGES.notCompleted);
    return last;
  }
  return (
    (await findCertificate(db, assignment.id, assignment.completed_at)) ??
    issue(db, { ...assignment, completed_at: assignment.completed_at }, iso(ctx.now()))
  );
}

/**
 * Issues the certificate of one completion with its `certificate_issued` activity, in one
 * transaction. The insert skips on either unique index: when the completion turns out to have a
 * certificate (a parallel first request committed it) that one is returned and nothing is written;
 * otherwise the number was taken, and another is drawn.
 */
async function issue(
  db: Kysely<Database>,
  assignment: CertifiableRow & { completed_at: string },
  now: string,
): Promise<CertificateRow> {
  return db.transaction().execute(async (trx) => {
    for (let tries = 0; tries < NUMBER_TRIES; tries++) {
      const inserted = await insertCertificate(trx, {
        number: newCertificateNumber(),
        company_id: assignment.company_id,
        user_id: assignment.user_id,
        assignment_id: assignment.id,
        course_id: assignment.course_id,
        course_version_id: assignment.course_version_id,
        learner_name: `${assignment.first_name} ${assignment.last_name}`.trim(),
        course_name: assignment.course_name,
        score: assignment.score,
        passing_score: assignment.passing_score,
        completed_at: assignment.completed_at,
        expires_at: assignment.expires_at,
        issued_at: now,
      });
      if (inserted) {
        await insertIssuedActivity(trx, inserted, now);
        return inserted;
      }
      const issued = await findCertificate(trx, assignment.id, assignment.completed_at);
      if (issued) return issued;
    }
    throw new Error(`No unused certificate number after ${NUMBER_TRIES} tries`);
  });
}

async function certificateFile(deps: CertificatesDeps, certificate: CertificateRow): Promise<CertificateFile> {
  const [company, images] = await Promise.all([
    findCertificateCompany(deps.db, certificate.company_id),
    companyImages(deps, certificate.company_id),
  ]);
  const pdf = await renderCertificatePdf(
    {
      number: certificate.number,
      learnerName: certificate.learner_name,
      courseName: certificate.course_name,
      companyName: company?.name ?? '',
      companyTimeZone: company?.time_zone ?? null,
      completedAt: certificate.completed_at,
      score: certificate.score,
      passingScore: certificate.passing_score,
      expiresAt: certificate.expires_at,
      issuedAt: certificate.issued_at,
      verifyUrl: `${deps.publicUrl.replace(/\/+$/, '')}${certificateVerifyPath(certificate.number)}`,
    },
    images,
  );
  return { pdf, fileName: `Certificate - ${certificate.course_name}.pdf` };
}

/**
 * The company's logo (the one chosen in Edit Company, else the newest) and newest certificate
 * background, read from storage (a missing file is left out).
 */
async function companyImages(deps: CertificatesDeps, companyId: number): Promise<CertificateImages> {
  const read = async (type: 'logo' | 'certificate_background') => {
    const chosen = type === 'logo' ? await findChosenLogo(deps.db, companyId) : undefined;
    const asset = chosen ?? (await findNewestAsset(deps.db, companyId, type));
    const file = asset ? await deps.assets.open(asset.path) : null;
    if (!asset || !file) return null;
    // A copy with its own ArrayBuffer: pdf-lib reads images from offset 0 of the buffer underneath.
    return { bytes: new Uint8Array(await buffer(file.stream)), mime: asset.mime };
  };
  const [logo, background] = await Promise.all([read('logo'), read('certificate_background')]);
  return { logo, background };
}

/**
 * GET /public/certificates/{number}: exactly what the certificate shows and whether it is still
 * valid. No sign-in; every request counts against its IP (a malformed or unknown number too), so
 * numbers cannot be tried in bulk.
 */
export async function verifyCertificate(
  db: Kysely<Database>,
  ctx: RequestContext,
  rawNumber: string,
): Promise<CertificateVerification> {
  const now = ctx.now();
  const throttled = await takeHits(
    db,
    [{ key: `certificate-verify:ip:${ctx.ip}`, limit: CERTIFICATE_VERIFY_THROTTLE.perIp }],
    CERTIFICATE_VERIFY_THROTTLE.windowMinutes,
    now,
  );
  if (throttled) {
    throw new AppError(429, CERTIFICATE_MESSAGES.throttled, undefined, {
      'retry-after': String(throttled.retryAfterSeconds),
    });
  }
  const number = normalizeCertificateNumber(rawNumber);
  const row = number === null ? undefined : await findCertificateByNumber(db, number);
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return {
    number: row.number,
    learner_name: row.learner_name,
    course_name: row.course_name,
    company_name: row.company_name,
    completed_at: row.completed_at,
    score: row.score,
    passing_score: row.passing_score,
    expires_at: row.expires_at,
    status: row.expires_at !== null && row.expires_at <= iso(now) ? 'expired' : 'valid',
  };
}
