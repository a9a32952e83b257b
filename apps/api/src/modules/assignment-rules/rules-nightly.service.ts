import { iso } from '../../platform/clock.ts';
import * as rules from './assignment-rules.repository.ts';
import type { RulesDeps } from './assignment-rules.service.ts';
import * as runs from './rule-runs.repository.ts';
import { auditRun, runRulePass } from './rule-runs.service.ts';

/**
 * Every active rule of the company over all its learners (who changed without the console seeing it:
 * a hire date now within N days, a field set by SQL). A pass that made nothing leaves no run row.
 */
export async function runCompanyRules(deps: RulesDeps, companyId: number, now: Date, signal?: AbortSignal) {
  const active = await rules.findActiveRules(deps.db, companyId);
  const stamp = iso(now);
  const ctx = { actorId: null, impersonatorId: null, ip: '', companyId, now: () => now };
  let created = 0;
  for (const rule of active) {
    signal?.throwIfAborted();
    const runId = await runs.insertRun(deps.db, {
      companyId,
      ruleId: rule.id,
      ruleName: rule.name,
      trigger: 'nightly',
      startedBy: null,
      now: stamp,
    });
    try {
      const state = await runRulePass(
        deps,
        { rule, runId, actorId: null, now: stamp },
        null,
        {
          last: async (trx, s) => {
            if (s.progress.created > 0) await auditRun(trx, ctx, rule, runId, 'nightly', s);
            else await runs.deleteRun(trx, runId);
          },
        },
        signal,
      );
      created += state.progress.created;
    } catch (error) {
      await runs.failRun(deps.db, runId, iso(new Date()));
      throw error;
    }
  }
  return { rules: active.length, created };
}
