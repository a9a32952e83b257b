import type {
  AssignmentRule,
  ExistingRow,
  RuleExclusion,
  RuleLearnerRow,
  RuleMatch,
  RuleOutcome,
  RuleRun,
} from '@heed/contract';
import type { RuleListRow } from './assignment-rules.repository.ts';
import type { ExclusionListRow } from './rule-exclusions.repository.ts';
import type { RunRow } from './rule-runs.repository.ts';

const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export const parseJson = <T>(value: unknown, fallback: T): T => {
  if (typeof value !== 'string') return (value as T) ?? fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};

export function ruleCourseIds(row: { course_ids: unknown }): number[] {
  return parseJson<number[]>(row.course_ids, []).filter((id) => Number.isInteger(id));
}

export function toRule(row: RuleListRow, courseNames: Map<number, string>): AssignmentRule {
  return {
    id: row.id,
    name: row.name,
    match: (row.match === 'any' ? 'any' : 'all') satisfies RuleMatch,
    conditions: parseJson(row.conditions, []),
    courses: ruleCourseIds(row).map((id) => ({ id, name: courseNames.get(id) ?? '' })),
    due_days: row.due_days,
    recertify_months: row.recertify_months,
    active: Number(row.active) === 1,
    last_run_at: row.last_run_at,
    open_assignments: row.open_assignments,
    exclusions: row.exclusions,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const learner = (row: { user_id: number; username: string; first_name: string | null; last_name: string | null }) => ({
  id: row.user_id,
  name: personName(row.first_name, row.last_name) || row.username,
  username: row.username,
});

export function toLearnerRow(
  row: {
    user_id: number;
    username: string;
    first_name: string | null;
    last_name: string | null;
    department_id: number | null;
    department_name: string | null;
    course_id: number;
    course_name: string;
  },
  outcome: RuleOutcome,
): RuleLearnerRow {
  return {
    user: learner(row),
    department: row.department_id === null ? null : { id: row.department_id, name: row.department_name ?? '' },
    course: { id: row.course_id, name: row.course_name },
    outcome,
  };
}

export function toRun(row: RunRow, undoable: number): RuleRun {
  return {
    id: row.id,
    rule: { id: row.rule_id, name: row.rule_name },
    trigger: row.trigger as RuleRun['trigger'],
    status: row.status as RuleRun['status'],
    started_by:
      row.started_by === null || row.started_by_first === null
        ? null
        : { id: row.started_by, name: personName(row.started_by_first, row.started_by_last) },
    job_id: row.job_id,
    started_at: row.started_at,
    finished_at: row.finished_at,
    learners: Number(row.learners),
    created: Number(row.created),
    already_assigned: Number(row.already_assigned),
    protected: Number(row.protected),
    undone_at: row.undone_at,
    undone: Number(row.undone),
    undoable: row.status === 'undone' ? 0 : undoable,
  };
}

export function toExclusion(row: ExclusionListRow): RuleExclusion {
  return {
    id: row.id,
    user: learner(row),
    course: { id: row.course_id, name: row.course_name },
    created_by:
      row.created_by === null || row.creator_first === null
        ? null
        : { id: row.created_by, name: personName(row.creator_first, row.creator_last) },
    created_at: row.created_at,
  };
}

export function toExistingRow(
  row: {
    id: number;
    assigned_at: string;
    due_at: string | null;
    user_id: number;
    username: string;
    first_name: string | null;
    last_name: string | null;
    course_id: number;
    course_name: string;
  },
  newDueAt: string | null,
): ExistingRow {
  return {
    assignment_id: row.id,
    user: learner(row),
    course: { id: row.course_id, name: row.course_name },
    assigned_at: row.assigned_at,
    due_at: row.due_at,
    new_due_at: newDueAt,
  };
}
