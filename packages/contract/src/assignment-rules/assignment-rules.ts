import { z } from 'zod';
import { listQuery, pageMeta, pageQuery, timestamp } from '../common.ts';

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);

/** How a rule's conditions combine: every one must hold, or at least one. */
export const RULE_MATCHES = ['all', 'any'] as const;
export type RuleMatch = (typeof RULE_MATCHES)[number];

/** Operators of a custom field condition: one of the values, none of them, a text prefix, a date range. */
export const RULE_FIELD_OPERATORS = ['in', 'not_in', 'starts_with', 'between'] as const;
export type RuleFieldOperator = (typeof RULE_FIELD_OPERATORS)[number];
export const RULE_FIELD_OPERATOR_LABELS: Record<RuleFieldOperator, string> = {
  in: 'is one of',
  not_in: 'is none of',
  starts_with: 'starts with',
  between: 'is between',
};

/** The date columns a "within N days" condition looks at. */
export const RULE_SINCE_FIELDS = ['hired_at', 'created_at'] as const;
export type RuleSinceField = (typeof RULE_SINCE_FIELDS)[number];
export const RULE_SINCE_LABELS: Record<RuleSinceField, string> = {
  hired_at: 'Hired within',
  created_at: 'Created within',
};

/** The prefix of a custom field condition's `field`: `custom_fields.<key>`. */
export const RULE_CUSTOM_FIELD_PREFIX = 'custom_fields.';

export const RULE_MESSAGES = {
  conditionsRequired: 'Add at least one condition.',
  departments: 'Choose at least one department.',
  departmentMissing: 'Choose departments of this company.',
  roles: 'Choose at least one role.',
  days: 'Enter a whole number of days from 1 to 3650.',
  values: 'Enter at least one value.',
  unknownCondition: 'Use a department, role, custom field, hired or created condition.',
  operator: 'This operator does not apply to this condition.',
  between: 'Enter two dates as YYYY-MM-DD, the earlier first.',
  startsWith: 'Prefixes work on text fields only.',
  unknownField: 'Unknown custom field.',
  coursesRequired: 'Choose at least one course.',
  courseMissing: 'Choose courses available to this company.',
  nameTaken: 'Another rule already has this name.',
  runUndone: 'This run was already undone.',
  exclusionExists: 'This learner is already excluded from this course by the rule.',
  courseNotInRule: 'Choose one of the rule’s courses.',
  learnerMissing: 'Choose a learner of this company.',
  inactive: 'Activate the rule before running it.',
} as const;

/**
 * One condition: `department_id in [ids]` (each with its subtree), `role in [roles]`,
 * `custom_fields.<key> in|not_in|starts_with|between [values]`, `hired_at|created_at within_days N`.
 * Checked per field so a 422 names the condition (`conditions.2.value`).
 */
export const ruleCondition = z
  .object({
    field: z.string().min(1).max(80),
    operator: z.string().min(1).max(16),
    value: z.union([z.array(z.union([z.number(), z.string().max(200)])).max(200), z.number()]),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string, path: string = 'value') => ctx.addIssue({ code: 'custom', path: [path], message });
    const list = Array.isArray(c.value) ? c.value : null;
    const ids = list?.every((v) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= MAX_ID);
    if (c.field === 'department_id') {
      if (c.operator !== 'in') issue(RULE_MESSAGES.operator, 'operator');
      if (!list || list.length === 0 || !ids) issue(RULE_MESSAGES.departments);
    } else if (c.field === 'role') {
      if (c.operator !== 'in') issue(RULE_MESSAGES.operator, 'operator');
      const roles = list?.every((v) => typeof v === 'number' && [0, 1, 2, 3].includes(v));
      if (!list || list.length === 0 || !roles) issue(RULE_MESSAGES.roles);
    } else if ((RULE_SINCE_FIELDS as readonly string[]).includes(c.field)) {
      if (c.operator !== 'within_days') issue(RULE_MESSAGES.operator, 'operator');
      const n = c.value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 3650) issue(RULE_MESSAGES.days);
    } else if (/^custom_fields\.[a-z0-9_]{1,64}$/i.test(c.field)) {
      if (!(RULE_FIELD_OPERATORS as readonly string[]).includes(c.operator)) issue(RULE_MESSAGES.operator, 'operator');
      const texts = list?.every((v) => typeof v === 'string' && v.trim() !== '');
      if (!list || list.length === 0 || !texts) issue(RULE_MESSAGES.values);
      else if (c.operator === 'between') {
        const [from, to] = list as string[];
        const date = /^\d{4}-\d{2}-\d{2}$/;
        if (list.length !== 2 || !date.test(from ?? '') || !date.test(to ?? '') || from! > to!)
          issue(RULE_MESSAGES.between);
      }
    } else issue(RULE_MESSAGES.unknownCondition, 'field');
  });

/** The typed shapes a condition takes (the schema above checks them). */
export type RuleCondition =
  | { field: 'department_id'; operator: 'in'; value: number[] }
  | { field: 'role'; operator: 'in'; value: number[] }
  | { field: RuleSinceField; operator: 'within_days'; value: number }
  | { field: `custom_fields.${string}`; operator: RuleFieldOperator; value: string[] };

/** What decides who a rule picks and what it gives them: a draft (dry run) or a saved rule. */
export const ruleDefinition = z.object({
  match: z.enum(RULE_MATCHES).default('all'),
  conditions: z.array(ruleCondition).min(1, RULE_MESSAGES.conditionsRequired).max(20),
  course_ids: z.array(id).min(1, RULE_MESSAGES.coursesRequired).max(50),
});

export const assignmentRuleBody = ruleDefinition.extend({
  name: z.string().trim().min(1, 'Enter a name.').max(120),
  due_days: z.number().int().min(1).max(3650).nullable().default(null).describe('due N days after assignment'),
  recertify_months: z.number().int().min(1).max(120).nullable().default(null),
  active: z.boolean().default(true),
});
export type AssignmentRuleBody = z.input<typeof assignmentRuleBody>;

export const updateAssignmentRuleBody = assignmentRuleBody.extend({
  /** With a changed due_days: also move the due date of the rule's open assignments (see the preview). */
  apply_due_to_existing: z.boolean().default(false),
});
export type UpdateAssignmentRuleBody = z.input<typeof updateAssignmentRuleBody>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const assignmentRule = z.object({
  id: z.number().int(),
  name: z.string(),
  match: z.enum(RULE_MATCHES),
  conditions: z.array(z.object({ field: z.string(), operator: z.string(), value: z.unknown() })),
  courses: z.array(ref),
  due_days: z.number().int().nullable(),
  recertify_months: z.number().int().nullable(),
  active: z.boolean(),
  last_run_at: timestamp.nullable(),
  /** Open assignments this rule made (not completed). */
  open_assignments: z.number().int(),
  exclusions: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AssignmentRule = z.infer<typeof assignmentRule>;

export const ASSIGNMENT_RULE_SORTS = ['name', 'updated_at', 'last_run_at', 'id'] as const;
export const listAssignmentRulesQuery = listQuery(ASSIGNMENT_RULE_SORTS);

/** What a dry run, and a run, finds for each (learner, course) pair. */
export const RULE_OUTCOMES = ['assign', 'already_assigned', 'protected'] as const;
export type RuleOutcome = (typeof RULE_OUTCOMES)[number];
export const RULE_OUTCOME_LABELS: Record<RuleOutcome, string> = {
  assign: 'Would be assigned',
  already_assigned: 'Already has it',
  protected: 'Protected',
};

export const ruleCounts = z.object({
  /** Active learners the conditions pick. */
  learners: z.number().int(),
  /** (learner, course) pairs a run would assign now. */
  assign: z.number().int(),
  /** Pairs with an open or still valid assignment. */
  already_assigned: z.number().int(),
  /** Pairs an administrator excluded from this rule. */
  protected: z.number().int(),
});
export type RuleCounts = z.infer<typeof ruleCounts>;

/** POST /assignment-rules/dry-run: a draft (or the saved rule, with rule_id for its exclusions) and a page of who. */
export const dryRunBody = ruleDefinition.extend({
  rule_id: id.nullable().default(null).describe('the saved rule whose exclusions count as protected'),
  outcome: z.enum(RULE_OUTCOMES).default('assign'),
  ...pageQuery,
});
export type DryRunBody = z.input<typeof dryRunBody>;

export const ruleLearnerRow = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  department: ref.nullable(),
  course: ref,
  outcome: z.enum(RULE_OUTCOMES),
});
export type RuleLearnerRow = z.infer<typeof ruleLearnerRow>;

export const dryRunResponse = z.object({ data: z.array(ruleLearnerRow), meta: pageMeta, counts: ruleCounts });
export type DryRunResponse = z.infer<typeof dryRunResponse>;

export const RULE_RUN_TRIGGERS = ['manual', 'nightly', 'user_change', 'import'] as const;
export type RuleRunTrigger = (typeof RULE_RUN_TRIGGERS)[number];
export const RULE_RUN_TRIGGER_LABELS: Record<RuleRunTrigger, string> = {
  manual: 'Run now',
  nightly: 'Nightly',
  user_change: 'User created or changed',
  import: 'User import',
};
export const RULE_RUN_STATUSES = ['running', 'completed', 'undone', 'failed'] as const;

export const ruleRun = z.object({
  id: z.number().int(),
  rule: ref,
  trigger: z.enum(RULE_RUN_TRIGGERS),
  status: z.enum(RULE_RUN_STATUSES),
  started_by: ref.nullable(),
  job_id: z.number().int().nullable(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
  learners: z.number().int(),
  created: z.number().int(),
  already_assigned: z.number().int(),
  protected: z.number().int(),
  undone_at: timestamp.nullable(),
  undone: z.number().int(),
  /** Of the assignments it made, how many nobody started yet (what an undo would remove). */
  undoable: z.number().int(),
});
export type RuleRun = z.infer<typeof ruleRun>;

export const listRuleRunsQuery = z.object(pageQuery);

/** POST /assignment-rules/{id}/run: 200 with the run, or 202 with a job over ASSIGNMENT_INLINE_LEARNERS learners. */
export const runRuleResponse = z.object({
  data: z.union([
    ruleRun,
    z.object({ job_id: z.number().int(), run_id: z.number().int(), learners: z.number().int() }),
  ]),
});
export const isRuleRunQueued = (data: RuleRun | { job_id: number; run_id: number; learners: number }) =>
  !('status' in data);

export const undoRunBody = z.object({
  /** Also switch the rule off, so that its next run does not assign the same people again. */
  deactivate_rule: z.boolean().default(false),
});
export const ruleRunParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  runId: z.coerce.number().int().positive().max(MAX_ID),
});

export const ruleExclusion = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  course: ref,
  created_by: ref.nullable(),
  created_at: timestamp,
});
export type RuleExclusion = z.infer<typeof ruleExclusion>;

export const createExclusionBody = z.object({ user_id: id, course_id: id });
export const exclusionParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  exclusionId: z.coerce.number().int().positive().max(MAX_ID),
});
export const createExclusionResponse = z.object({
  data: ruleExclusion,
  /** Open, unstarted assignments of the pair this rule made, removed with the exclusion. */
  removed: z.number().int(),
});

/** POST /assignment-rules/{id}/existing: the rule's open assignments a new due_days would move. */
export const existingPreviewBody = z.object({
  due_days: z.number().int().min(1).max(3650).nullable(),
  ...pageQuery,
});
export const existingRow = z.object({
  assignment_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  course: ref,
  assigned_at: timestamp,
  due_at: timestamp.nullable(),
  new_due_at: timestamp.nullable(),
});
export type ExistingRow = z.infer<typeof existingRow>;
export const existingPreviewResponse = z.object({ data: z.array(existingRow), meta: pageMeta });
