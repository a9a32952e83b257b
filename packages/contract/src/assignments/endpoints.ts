import { paged, single } from '../common.ts';
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
import type { assignmentsEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each assignment endpoint, joined to its route in `endpoints`. */
export const assignmentsEndpoints = {
  listAssignments: {
    summary:
      "Assignments of the learners in the caller's reach, status derived at request time, paged, sorted and filtered (field[user_id|course_id|department_id|status|source|assigned_at|due_at|completed_at|expires_at|score]=)",
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
} satisfies { [N in keyof typeof assignmentsEndpointRoutes]: EndpointSchemas };
