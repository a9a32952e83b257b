import { z } from 'zod';
import { type JobHandler, PermanentJobError } from '../../jobs/types.ts';
import { ensureNightlyRun } from './rules-schedule.ts';
import { runCompanyRules } from './rules-nightly.service.ts';

const payloadSchema = z.object({ companyId: z.number().int() });

/** A company's nightly pass over its active rules; queues the next night's while it has any. */
export const rulesNightlyJob: JobHandler = async (ctx) => {
  const parsed = payloadSchema.safeParse(ctx.payload);
  if (!parsed.success) throw new PermanentJobError('The job payload is not a nightly rules pass.');
  const result = await runCompanyRules(
    { db: ctx.db, dialect: ctx.dialect },
    parsed.data.companyId,
    ctx.now(),
    ctx.signal,
  );
  if (result.rules > 0) await ensureNightlyRun(ctx.db, parsed.data.companyId, ctx.now());
  return result;
};
