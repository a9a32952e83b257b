import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import {
  assignmentListItem,
  countLearnersBody,
  createAssignmentsBody,
  createAssignmentsResponse,
  exportAssignmentsQuery,
  learnerCount,
  listAssignmentsQuery,
} from './assignments.ts';
import { assignmentDetails, assignmentDetailsQuery, assignmentLink, revokedLinks } from './assignment-details.ts';
import {
  bulkAssignmentsBody,
  bulkAssignmentsPreviewResponse,
  bulkAssignmentsQuery,
  bulkAssignmentsResponse,
} from './assignments-bulk.ts';
import type { assignmentsEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each assignment endpoint, joined to its route in `endpoints`. */
export const assignmentsEndpoints = {
  listAssignments: {
    summary:
      "Assignments of the learners in the caller's reach, status derived at request time, paged, sorted and filtered (field[id|user_id|course_id|department_id|status|source|assigned_at|due_at|completed_at|expires_at|score]=)",
    query: listAssignmentsQuery,
    response: paged(assignmentListItem),
  },
  exportAssignments: {
    summary: "The assignments of the list's filter as CSV (UTF-8 with a BOM) or XLSX",
    query: exportAssignmentsQuery,
  },
  countAssignmentLearners: {
    summary:
      "How many active learners in the caller's reach a selection picks (people, department subtrees, custom field filter)",
    body: countLearnersBody,
    response: single(learnerCount),
  },
  createAssignments: {
    summary:
      'Assigns courses to the selected learners (an open assignment is never duplicated): 200 with the counts, or 202 with a job over 1,000 learners',
    body: createAssignmentsBody,
    response: createAssignmentsResponse,
  },
  bulkUpdateAssignments: {
    summary:
      "A bulk action (change_due_date, send_reminder, reset, remove) on the assignments of the list's filter in the caller's reach; all or nothing per assignment, audited per assignment: 200 with the summary, or 202 with a job over 1,000",
    query: bulkAssignmentsQuery,
    body: bulkAssignmentsBody,
    response: bulkAssignmentsResponse,
  },
  previewBulkAssignments: {
    summary:
      'What PUT /assignments would do now with the same query and body: counts by outcome and a page of the assignments that would change; writes nothing',
    query: bulkAssignmentsQuery,
    body: bulkAssignmentsBody,
    response: bulkAssignmentsPreviewResponse,
  },
  createAssignmentLink: {
    summary: "A new signed link to the assignment's details page, valid 30 days (revocable)",
    params: idParam,
    response: single(assignmentLink),
  },
  revokeAssignmentLinks: {
    summary: "Withdraws every link to the assignment's details page",
    params: idParam,
    response: single(revokedLinks),
  },
  getAssignmentDetails: {
    summary:
      "Assignment Details by a link's token: the learner's first name, course, due date, status and the path to start; one 404 for any wrong, expired or revoked token",
    query: assignmentDetailsQuery,
    response: single(assignmentDetails),
  },
} satisfies { [N in keyof typeof assignmentsEndpointRoutes]: EndpointSchemas };
