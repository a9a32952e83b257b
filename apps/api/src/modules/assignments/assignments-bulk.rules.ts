import type { AssignmentBulkAction, AssignmentBulkReason } from '@heed/contract';
import type { AssignmentCriteria } from './assignments.criteria.ts';

/**
 * Everything a bulk action on assignments needs, already checked: plain data, so a job can carry it.
 * `criteria` are the list's own (tenant, the caller's reach, the filters), so nothing outside them matches.
 */
export interface AssignmentBulkPlan {
  action: AssignmentBulkAction;
  companyId: number;
  actorId: number;
  impersonatorId: number | null;
  ip: string | null;
  criteria: AssignmentCriteria;
  excludedIds: number[];
  /** change_due_date: the new due date (end of the day, UTC), null for none. */
  dueAt?: string | null;
  /** send_reminder: the company's name and the site's address, for the e-mail and its link. */
  companyName: string;
  publicUrl: string;
}

/** What the classification reads of a matching assignment (and its learner). */
export interface BulkAssignmentCandidate {
  id: number;
  company_id: number;
  user_id: number;
  course_id: number;
  status: string;
  source: string;
  rule_id: number | null;
  due_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  progress: number;
  score: number | null;
  expires_at: string | null;
  course_version_id: number | null;
  learner_suspended: number;
  learner_email: string | null;
  learner_first_name: string;
  learner_last_name: string;
  course_name: string;
  passing_score: number | null;
  has_attempts: number | boolean | null;
  has_certificate: number | boolean | null;
}

const isCompleted = (row: BulkAssignmentCandidate) => row.status === 'completed' || row.completed_at !== null;
const isStarted = (row: BulkAssignmentCandidate) =>
  row.started_at !== null || row.progress > 0 || row.status === 'in_progress' || Boolean(row.has_attempts);

/**
 * Why an assignment is left alone, or null when the action applies:
 * - change due date: not on a completion (nothing is due), nor when it is due then already;
 * - send reminder: open assignments of active learners with an e-mail address;
 * - reset: only what was started or completed (a fresh one has nothing to reset);
 * - remove: never a completion, nor an assignment with a certificate: completions stay on record.
 */
export function skipReason(plan: AssignmentBulkPlan, row: BulkAssignmentCandidate): AssignmentBulkReason | null {
  switch (plan.action) {
    case 'change_due_date':
      if (isCompleted(row)) return 'completed';
      return row.due_at === (plan.dueAt ?? null) ? 'unchanged' : null;
    case 'send_reminder':
      if (isCompleted(row)) return 'completed';
      if (row.learner_suspended === 1) return 'deactivated';
      return row.learner_email ? null : 'noEmail';
    case 'reset':
      return isCompleted(row) || isStarted(row) ? null : 'notStarted';
    case 'remove':
      return isCompleted(row) || row.has_certificate ? 'hasCompletion' : null;
  }
}

export interface ClassifiedAssignments {
  eligible: BulkAssignmentCandidate[];
  skipped: Map<AssignmentBulkReason, number[]>;
}

export function classify(plan: AssignmentBulkPlan, rows: readonly BulkAssignmentCandidate[]): ClassifiedAssignments {
  const eligible: BulkAssignmentCandidate[] = [];
  const skipped = new Map<AssignmentBulkReason, number[]>();
  for (const row of rows) {
    const reason = skipReason(plan, row);
    if (reason === null) eligible.push(row);
    else skipped.set(reason, [...(skipped.get(reason) ?? []), row.id]);
  }
  return { eligible, skipped };
}
