import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import { z } from 'zod';
import {
  assignmentRule,
  assignmentRuleBody,
  createExclusionBody,
  createExclusionResponse,
  dryRunBody,
  dryRunResponse,
  exclusionParams,
  existingPreviewBody,
  existingPreviewResponse,
  listAssignmentRulesQuery,
  listRuleRunsQuery,
  ruleExclusion,
  ruleRun,
  ruleRunParams,
  runRuleResponse,
  undoRunBody,
  updateAssignmentRuleBody,
} from './assignment-rules.ts';
import type { assignmentRulesEndpointRoutes } from './endpoint-routes.ts';

const message = z.object({ message: z.string() });

/** The summary and schemas of each assignment-rule endpoint, joined to its route in `endpoints`. */
export const assignmentRulesEndpoints = {
  listAssignmentRules: {
    summary: "The company's assignment rules, paged, sorted, searched by name",
    query: listAssignmentRulesQuery,
    response: paged(assignmentRule),
  },
  createAssignmentRule: {
    summary: 'Creates a rule: conditions (all/any) → courses, due in N days, recertify every N months, active',
    body: assignmentRuleBody,
    response: single(assignmentRule),
  },
  dryRunAssignmentRule: {
    summary:
      'What a rule (a draft, or a saved one with rule_id) would do now: counts of pairs to assign, already assigned and protected, and a page of who',
    body: dryRunBody,
    response: dryRunResponse,
  },
  getAssignmentRule: { summary: 'One rule', params: idParam, response: single(assignmentRule) },
  updateAssignmentRule: {
    summary:
      "Changes a rule; with apply_due_to_existing, a changed due_days also moves the due date of the rule's open assignments",
    params: idParam,
    body: updateAssignmentRuleBody,
    response: single(assignmentRule),
  },
  deleteAssignmentRule: {
    summary: 'Deletes a rule; its assignments stay (their source still says rule)',
    params: idParam,
    response: message,
  },
  previewAssignmentRuleExisting: {
    summary: "The rule's open assignments and the due date a new due_days would give each, paged",
    params: idParam,
    body: existingPreviewBody,
    response: existingPreviewResponse,
  },
  runAssignmentRule: {
    summary: 'Runs the rule now: 200 with the run, or 202 with a job over 1,000 learners',
    params: idParam,
    response: runRuleResponse,
  },
  listAssignmentRuleRuns: {
    summary: "The rule's runs, newest first, with what each made and how much an undo would remove",
    params: idParam,
    query: listRuleRunsQuery,
    response: paged(ruleRun),
  },
  undoAssignmentRuleRun: {
    summary: 'Removes exactly the assignments the run made that nobody has started',
    params: ruleRunParams,
    body: undoRunBody,
    response: single(ruleRun),
  },
  listAssignmentRuleExclusions: {
    summary: 'Learners taken off one of the rule’s courses: the rule does not assign them that course again',
    params: idParam,
    query: listRuleRunsQuery,
    response: paged(ruleExclusion),
  },
  createAssignmentRuleExclusion: {
    summary:
      'Takes a learner off one of the rule’s courses: removes the open, unstarted assignment the rule made and protects the pair',
    params: idParam,
    body: createExclusionBody,
    response: createExclusionResponse,
  },
  deleteAssignmentRuleExclusion: {
    summary: 'Lifts an exclusion: the rule may assign the course to the learner again at its next run',
    params: exclusionParams,
    response: message,
  },
} satisfies { [N in keyof typeof assignmentRulesEndpointRoutes]: EndpointSchemas };
