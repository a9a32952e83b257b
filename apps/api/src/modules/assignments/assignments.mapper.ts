import type { AssignmentListItem, AssignmentSource, AssignmentStatus } from '@heed/contract';
import type { AssignmentListRow } from './assignments-list.repository.ts';

/**
 * The status now, as My Courses derives it (learning's `currentStatus`): overdue once the due date
 * passes unfinished, expired once a completion's expiry passes. ISO text order is time order.
 */
export function assignmentStatus(row: AssignmentListRow, now: string): AssignmentStatus {
  if (row.status === 'completed') return row.expires_at !== null && row.expires_at <= now ? 'expired' : 'completed';
  if (row.due_at !== null && row.due_at < now) return 'overdue';
  return row.started_at !== null || row.progress > 0 || row.status === 'in_progress' ? 'in_progress' : 'not_started';
}

const personName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

const sourceKind = (source: string): AssignmentSource => (source === 'rule' || source === 'import' ? source : 'manual');

export function toAssignmentListItem(row: AssignmentListRow, now: string): AssignmentListItem {
  return {
    id: row.id,
    learner: {
      id: row.user_id,
      name: personName(row.learner_first_name, row.learner_last_name) || row.learner_username,
      username: row.learner_username,
    },
    course: { id: row.course_id, name: row.course_name },
    department: row.department_id === null ? null : { id: row.department_id, name: row.department_name ?? '' },
    status: assignmentStatus(row, now),
    assigned_at: row.assigned_at,
    due_at: row.due_at,
    completed_at: row.completed_at,
    score: row.score,
    expires_at: row.expires_at,
    source: {
      kind: sourceKind(row.source),
      assigned_by:
        row.assigned_by === null || row.assigner_first_name === null
          ? null
          : { id: row.assigned_by, name: personName(row.assigner_first_name, row.assigner_last_name) },
      rule: row.rule_id === null || row.rule_name === null ? null : { id: row.rule_id, name: row.rule_name },
      // Only rule assignments made by a recorded run carry it (decision 066).
      ...(row.rule_run_id === null || row.rule_run_at === null
        ? {}
        : { run: { id: row.rule_run_id, at: row.rule_run_at } }),
    },
  };
}

/** The source as a sheet shows it: "Manual (Ada Byron)", "Rule (New starters)", "Import". */
export function sourceLabel(item: AssignmentListItem): string {
  const { kind, assigned_by, rule } = item.source;
  if (kind === 'manual') return assigned_by ? `Manual (${assigned_by.name})` : 'Manual';
  if (kind === 'rule')
    return rule
      ? `Rule: ${rule.name}${item.source.run ? ` (run ${item.source.run.at.slice(0, 16).replace('T', ' ')} UTC)` : ''}`
      : 'Rule';
  return 'Import';
}
