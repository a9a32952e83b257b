import type { JobHandler } from '../../jobs/types.ts';
import { renewDueCompletions } from './renewals.service.ts';

export const RENEWALS_JOB = 'recertification.renewals';

/** The daily renewal pass (scheduled with `every: 'day'`); idempotent, so a retry or a second run is harmless. */
export const renewalsJob: JobHandler = async (ctx) => {
  const result = await renewDueCompletions({ db: ctx.db, dialect: ctx.dialect }, ctx.now(), ctx.signal);
  if (result.renewed > 0) ctx.log.info(result, 'recertification renewals made');
  return result;
};
