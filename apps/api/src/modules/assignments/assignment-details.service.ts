import {
  ASSIGNMENT_DETAILS_MESSAGES,
  ASSIGNMENT_DETAILS_THROTTLE,
  type AssignmentDetails,
  type AssignmentLink,
  assignmentStartPath,
} from '@heed/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext, RequestContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { departmentScope } from '../../platform/scope.ts';
import { takeHits } from '../../platform/throttle.repository.ts';
import {
  assignmentDetailsUrl,
  findAssignmentInReach,
  findLinkedAssignment,
  issueAssignmentLink,
  revokeLinksOf,
  verifiedLinkId,
} from '../assignment-links/index.ts';
import type { AssignmentListRow } from './assignments-list.repository.ts';
import { assignmentStatus } from './assignments.mapper.ts';

export interface DetailsDeps {
  db: Kysely<Database>;
  publicUrl: string;
}

const invalidLink = () => notFound(ASSIGNMENT_DETAILS_MESSAGES.invalid);

/**
 * GET /public/assignments?token=…: no sign-in. Every request counts against its IP. A token that is
 * malformed, wrongly signed, expired, revoked, or whose assignment, learner or company is gone or
 * suspended answers the same 404, so a token says nothing about why it fails.
 */
export async function getAssignmentDetails(
  db: Kysely<Database>,
  ctx: RequestContext,
  token: string,
): Promise<AssignmentDetails> {
  const now = ctx.now();
  const throttled = await takeHits(
    db,
    [{ key: `assignment-details:ip:${ctx.ip}`, limit: ASSIGNMENT_DETAILS_THROTTLE.perIp }],
    ASSIGNMENT_DETAILS_THROTTLE.windowMinutes,
    now,
  );
  if (throttled)
    throw new AppError(429, ASSIGNMENT_DETAILS_MESSAGES.throttled, undefined, {
      'retry-after': String(throttled.retryAfterSeconds),
    });
  const linkId = await verifiedLinkId(db, token, now);
  const row = linkId === null ? undefined : await findLinkedAssignment(db, linkId);
  const at = iso(now);
  if (
    !row ||
    row.revoked_at !== null ||
    row.link_expires_at <= at ||
    row.suspended === 1 ||
    row.company_suspended === 1
  )
    throw invalidLink();
  return {
    first_name: row.first_name,
    course_name: row.course_name,
    due_at: row.due_at,
    status: assignmentStatus(row as unknown as AssignmentListRow, at),
    start_path: assignmentStartPath(row.id),
    link_expires_at: row.link_expires_at,
  };
}

async function assignmentInReach(db: Kysely<Database>, ctx: AuthedContext, assignmentId: number) {
  const scope = await departmentScope(db, ctx);
  const assignment = await findAssignmentInReach(db, ctx.companyId, scope, assignmentId);
  if (!assignment) throw notFound();
  return assignment;
}

/** POST /assignments/{id}/link: a new link for staff to send on; audited. */
export async function createAssignmentLink(
  deps: DetailsDeps,
  ctx: AuthedContext,
  assignmentId: number,
): Promise<AssignmentLink> {
  const assignment = await assignmentInReach(deps.db, ctx, assignmentId);
  return deps.db.transaction().execute(async (trx) => {
    const link = await issueAssignmentLink(trx, {
      companyId: assignment.company_id,
      assignmentId,
      createdBy: ctx.actorId,
      now: ctx.now(),
    });
    await audit(trx, ctx, {
      action: 'assignment.link_created',
      entityType: 'assignment',
      entityId: assignmentId,
      after: { expires_at: link.expiresAt },
    });
    return { url: assignmentDetailsUrl(deps.publicUrl, link.token), expires_at: link.expiresAt };
  });
}

/** DELETE /assignments/{id}/links: every link of the assignment stops working; audited. */
export async function revokeAssignmentLinks(deps: DetailsDeps, ctx: AuthedContext, assignmentId: number) {
  await assignmentInReach(deps.db, ctx, assignmentId);
  return deps.db.transaction().execute(async (trx) => {
    const revoked = await revokeLinksOf(trx, assignmentId, iso(ctx.now()));
    await audit(trx, ctx, {
      action: 'assignment.links_revoked',
      entityType: 'assignment',
      entityId: assignmentId,
      after: { revoked },
    });
    return { revoked };
  });
}
