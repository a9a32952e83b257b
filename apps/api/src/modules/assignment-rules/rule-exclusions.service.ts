import { RULE_MESSAGES } from '@heed/contract';
import { transactionLock } from '../../db/dialect/index.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ASSIGNMENT_WRITE_LOCK } from '../assignments/index.ts';
import { ruleCourseIds, toExclusion } from './assignment-rules.mapper.ts';
import { type RulesDeps, loadRule } from './assignment-rules.service.ts';
import * as exclusions from './rule-exclusions.repository.ts';
import { deleteUnstartedOfPair } from './rule-pairs.repository.ts';
import { findCompanyUser } from './assignment-rules.repository.ts';

/** GET /assignment-rules/{id}/exclusions. */
export async function listRuleExclusions(
  deps: RulesDeps,
  ctx: AuthedContext,
  id: number,
  query: { page: number; per_page: number },
) {
  await loadRule(deps.db, ctx, id);
  const { rows, total } = await exclusions.listExclusions(deps.db, ctx.companyId, id, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map(toExclusion),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/**
 * POST /assignment-rules/{id}/exclusions: an administrator takes a learner off one of the rule's
 * courses. The rule's open, unstarted assignment of the pair is removed and the pair is protected:
 * no run of this rule assigns it again until the exclusion is lifted.
 */
export async function createRuleExclusion(
  deps: RulesDeps,
  ctx: AuthedContext,
  id: number,
  body: { user_id: number; course_id: number },
) {
  const rule = await loadRule(deps.db, ctx, id);
  if (!ruleCourseIds(rule).includes(body.course_id)) throw invalidField('course_id', RULE_MESSAGES.courseNotInRule);
  if (!(await findCompanyUser(deps.db, ctx.companyId, body.user_id)))
    throw invalidField('user_id', RULE_MESSAGES.learnerMissing);
  if (await exclusions.findPairExclusion(deps.db, id, body.user_id, body.course_id))
    throw invalidField('user_id', RULE_MESSAGES.exclusionExists);
  const now = iso(ctx.now());
  const { exclusionId, removed } = await deps.db.transaction().execute(async (trx) => {
    await transactionLock(trx, deps.dialect, ASSIGNMENT_WRITE_LOCK, ctx.companyId);
    const exclusionId = await exclusions.insertExclusion(trx, {
      companyId: ctx.companyId,
      ruleId: id,
      userId: body.user_id,
      courseId: body.course_id,
      by: ctx.actorId,
      now,
    });
    const removed = await deleteUnstartedOfPair(trx, id, body.user_id, body.course_id);
    await audit(trx, ctx, {
      action: 'assignment_rules.exclude',
      entityType: 'assignment_rule',
      entityId: id,
      after: {
        exclusion_id: exclusionId,
        user_id: body.user_id,
        course_id: body.course_id,
        removed_assignments: removed,
      },
    });
    return { exclusionId, removed };
  });
  return { data: toExclusion(await exclusions.findExclusionRow(deps.db, exclusionId)), removed };
}

/** DELETE /assignment-rules/{id}/exclusions/{exclusionId}: the rule may assign the pair again at its next run. */
export async function deleteRuleExclusion(deps: RulesDeps, ctx: AuthedContext, id: number, exclusionId: number) {
  await loadRule(deps.db, ctx, id);
  const row = await exclusions.findExclusion(deps.db, id, exclusionId);
  if (!row || row.company_id !== ctx.companyId) throw notFound('Exclusion not found.');
  await deps.db.transaction().execute(async (trx) => {
    await exclusions.deleteExclusion(trx, exclusionId);
    await audit(trx, ctx, {
      action: 'assignment_rules.lift_exclusion',
      entityType: 'assignment_rule',
      entityId: id,
      before: { exclusion_id: exclusionId, user_id: row.user_id, course_id: row.course_id },
    });
  });
  return { message: 'The exclusion was lifted.' };
}
