import { JOB_KINDS } from '../../jobs/types.ts';
import type { HeedModule } from '../../platform/module.ts';
import { onUsersChanged } from '../../platform/user-changes.ts';
import { assignmentRuleRunJob, onRuleRunStopped } from './assignment-rule-run.job.ts';
import { assignmentRulesRoutes } from './assignment-rules.routes.ts';
import { RULE_RUN_JOB, runRulesForUsers } from './rule-runs.service.ts';
import { rulesNightlyJob } from './rules-nightly.job.ts';
import { RULES_NIGHTLY_JOB } from './rules-schedule.ts';

// Users created or changed (console, import, later SCIM and SSO) run the company's rules for them.
onUsersChanged(runRulesForUsers);

/** Assignment rules (issue 16 items 5 and 6, decision 066): rules, dry runs, runs and undo, exclusions. */
export const assignmentRulesModule: HeedModule = {
  name: 'assignment-rules',
  routes: [assignmentRulesRoutes],
  jobs: [
    /** "Run now" over 1,000 learners: chunk by chunk on the heavy lane, with progress. */
    { type: RULE_RUN_JOB, run: assignmentRuleRunJob, ...JOB_KINDS.heavy, onStopped: onRuleRunStopped },
    /** A company's nightly pass over its active rules; queues the next night's (rules-schedule.ts). */
    { type: RULES_NIGHTLY_JOB, run: rulesNightlyJob, ...JOB_KINDS.heavy },
  ],
};

// For users, users-import, and later SCIM and SSO: rules for changed users; for assignment removal: exclusions.
export { runRulesForUsers } from './rule-runs.service.ts';
export { ensureNightlyRun } from './rules-schedule.ts';
