import { z } from 'zod';
import { type JobHandler, PermanentJobError, type StoppedJobContext } from '../../jobs/types.ts';
import { iso } from '../../platform/clock.ts';
import { saveJobProgress } from '../assignments/index.ts';
import { dbDeps } from './deps.ts';
import * as rules from './assignment-rules.repository.ts';
import * as runs from './rule-runs.repository.ts';
import { type RunState, auditRun, runRulePass } from './rule-runs.service.ts';

const id = z.number().int();
const payloadSchema = z.object({
  runId: id,
  ruleId: id,
  companyId: id,
  now: z.string(),
  audit: z.object({ actorId: id.nullable(), impersonatorId: id.nullable(), ip: z.string() }),
});
const stateSchema = z.object({
  learners: id,
  already: id,
  protected: id,
  progress: z.object({ learners: id, afterId: id, created: id, notified: id }),
});

/**
 * "Run now" over ASSIGNMENT_INLINE_LEARNERS learners, on the heavy lane: chunk by chunk, each chunk's
 * progress (job and run) committed with it; a retried job resumes after its last chunk.
 */
export const assignmentRuleRunJob: JobHandler = async (ctx) => {
  const parsed = payloadSchema.safeParse(ctx.payload);
  if (!parsed.success) throw new PermanentJobError('The job payload is not a rule run.');
  const { runId, ruleId, companyId, now } = parsed.data;
  const rule = await rules.findRule(ctx.db, companyId, ruleId);
  if (!rule) throw new PermanentJobError('The rule no longer exists.');
  const saved = ctx.job.result === null ? null : stateSchema.safeParse(JSON.parse(ctx.job.result));
  const resume: RunState | null = saved?.success ? saved.data : null;
  const auditCtx = { ...parsed.data.audit, companyId, now: ctx.now };
  const record = async (trx: Parameters<typeof runs.saveRunProgress>[0], state: RunState) => {
    const values = {
      progress: state.progress.learners,
      total: Math.max(state.learners, state.progress.learners),
      result: JSON.stringify(state),
    };
    if (!(await saveJobProgress(trx, ctx.job, values, iso(ctx.now()))))
      throw new Error('This worker no longer holds the job.');
    await runs.saveRunProgress(trx, runId, state.progress.learners, state.progress.created);
  };
  const done = await runRulePass(
    dbDeps(ctx),
    { rule, runId, actorId: parsed.data.audit.actorId, now },
    resume,
    { chunk: record, last: (trx, state) => auditRun(trx, auditCtx, rule, runId, 'manual', state) },
    ctx.signal,
  );
  return { ...done, created: done.progress.created };
};

/** A cancelled or timed-out run is marked failed; what its committed chunks made stays undoable. */
export async function onRuleRunStopped(ctx: StoppedJobContext) {
  const parsed = payloadSchema.safeParse(JSON.parse(ctx.job.payload));
  if (parsed.success) await runs.failRun(ctx.db, parsed.data.runId, iso(ctx.now()));
}
