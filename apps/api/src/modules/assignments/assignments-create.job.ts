import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { audit } from '../../platform/audit.repository.ts';
import { iso } from '../../platform/clock.ts';
import { saveJobProgress } from './assignments-create.repository.ts';
import { type CreatePlan, type CreateProgress, emptyProgress, runCreate } from './assignments-create.runner.ts';
import type { CreateSummaryBase } from './assignments-create.service.ts';

/** The job type of POST /assignments over ASSIGNMENT_INLINE_LEARNERS learners. */
export const ASSIGNMENTS_CREATE_JOB = 'assignments_create';

const id = z.number().int();
const payloadSchema = z.object({
  plan: z.looseObject({
    pick: z.looseObject({ companyId: id, members: z.array(z.looseObject({ companyId: id })) }),
    actorId: id,
    now: z.string(),
    courseIds: z.array(id),
  }),
  learners: id,
  base: z.object({ courses: id, usableCourses: id, outOfScope: id, unavailable: id }),
  audit: z.object({ actorId: id.nullable(), impersonatorId: id.nullable(), ip: z.string() }),
});

const progressSchema = z.object({ learners: id, afterId: id, created: id, notified: id });

/** The summary as the service answers it inline (`toResult`), kept here to avoid a cycle. */
function summary(base: CreateSummaryBase, p: CreateProgress) {
  return {
    learners: p.learners,
    courses: base.courses,
    created: p.created,
    skipped: {
      already_assigned: Math.max(0, p.learners * base.usableCourses - p.created),
      out_of_scope: base.outOfScope * base.courses,
      course_unavailable: p.learners * base.unavailable,
    },
    notified: p.notified,
  };
}

/**
 * Writes a queued assignment (assignments-create.service.ts) chunk by chunk on the heavy lane. Each
 * chunk's progress (and the partial summary, from which a retried job resumes) commits with the
 * chunk; the last chunk writes the audit entry with the outcome.
 */
export const assignmentsCreateJob: JobHandler = async (ctx) => {
  const parsed = payloadSchema.safeParse(ctx.payload);
  const plan = parsed.data?.plan as CreatePlan | undefined;
  if (!parsed.success || !plan || plan.pick.members.some((member) => member.companyId !== plan.pick.companyId))
    throw new PermanentJobError('The job payload is not an assignment of courses.');
  const { base } = parsed.data;
  const saved = ctx.job.result === null ? null : progressSchema.safeParse(JSON.parse(ctx.job.result)?.progress);
  const start = saved?.success ? saved.data : emptyProgress();
  const total = parsed.data.learners;
  const record = async (trx: Kysely<Database>, progress: CreateProgress, last: boolean) => {
    const result = JSON.stringify({ ...summary(base, progress), progress });
    const values = { progress: progress.learners, total: Math.max(total, progress.learners), result };
    if (!(await saveJobProgress(trx, ctx.job, values, iso(ctx.now()))))
      throw new Error('This worker no longer holds the job.');
    if (last)
      await audit(
        trx,
        { ...parsed.data.audit, companyId: plan.pick.companyId, now: ctx.now },
        {
          action: 'assignments.create',
          entityType: 'job',
          entityId: ctx.job.id,
          after: { result: summary(base, progress) },
        },
      );
  };
  const done = await runCreate({ db: ctx.db, dialect: ctx.dialect }, plan, start, record, ctx.signal);
  return summary(base, done);
};
