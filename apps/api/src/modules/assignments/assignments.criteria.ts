import type { AssignmentLearnerStatus, AssignmentSource, AssignmentStatus } from '@heed/contract';
import type { CustomFieldCriteria } from '../users/index.ts';

/** An inclusive range of ISO timestamps or numbers; either end may be open. */
export interface Range<T> {
  from?: T | undefined;
  to?: T | undefined;
}

/** What an assignments list or export asks for, already validated. */
export interface AssignmentCriteria {
  /** The tenant. */
  companyId: number;
  /** The learners' departments the caller reaches (`departmentScope`; null = the whole company). */
  scope: number[] | null;
  /**
   * The request's clock (ISO), present when the matches depend on it (a status filter): overdue is
   * true at the moment of the request. Being part of the criteria, it keeps the
   * engine from reusing a total or a list across requests for those (decision 064).
   */
  now?: string | undefined;
  /** Part of the learner's name, username or e-mail (the users' text index). */
  text?: string | undefined;
  /** The assignments themselves (the rows a bulk action's selection ticked). */
  ids?: number[];
  userIds?: number[];
  courseIds?: number[];
  /** Learners in these departments' subtrees. */
  departmentIds?: number[];
  statuses?: AssignmentStatus[];
  /**
   * With list codes (decision 096), which rows of the statuses to read: those coded with them and
   * still in them, or those that turned into them since (one part of a walk in sort order each).
   */
  statusPart?: 'settled' | 'turned';
  sources?: AssignmentSource[];
  assigned?: Range<string>;
  due?: Range<string>;
  completed?: Range<string>;
  expires?: Range<string>;
  score?: Range<number>;
  /** The learners' account status (`users.suspended`): the dashboard's "Include deactivated users". */
  learnerStatuses?: AssignmentLearnerStatus[];
  /** Learners holding a matching value of each field (`field[cf.<key>]`, as the users list reads them). */
  customFields?: CustomFieldCriteria[];
  /**
   * Learners whose own department is one of these (no subtree), or who have none: a group of the
   * department order (decision 098), read from the assignments' copy of it (migration 054).
   */
  ownDepartmentIds?: number[];
  withoutDepartment?: boolean;
}
