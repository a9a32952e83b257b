import type { JobHandler } from '../../jobs/types.ts';
import { moveRollupWindow } from './reports-rollups.repository.ts';

export const ROLLUP_WINDOW_JOB = 'reports.rollup-window';

/**
 * The daily move of the rollups' window of days (scheduled with `every: 'day'`; decision 088): until
 * it runs for today, reports answer from the table, so a missed run costs speed, never correctness.
 */
export const rollupWindowJob: JobHandler = async (ctx) => {
  const result = await moveRollupWindow(ctx.db, ctx.dialect, ctx.now());
  if (result.moved) ctx.log.info(result, 'report rollups window moved');
  return result;
};
