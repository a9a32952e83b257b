import { type EndpointRoute, departmentManager, reviewer } from '../endpoint-kit.ts';

/** The routes of the assignment endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const assignmentsEndpointRoutes = {
  listAssignments: {
    method: 'GET',
    path: '/assignments',
    access: reviewer,
  },
  exportAssignments: {
    method: 'GET',
    path: '/assignments/export',
    access: reviewer,
  },
  countAssignmentLearners: {
    method: 'POST',
    path: '/assignments/learners/count',
    access: departmentManager,
  },
  createAssignments: {
    method: 'POST',
    path: '/assignments',
    access: departmentManager,
  },
  /** A bulk action on the assignments of the list's filter: 200 with the summary, or 202 with a job. */
  bulkUpdateAssignments: {
    method: 'PUT',
    path: '/assignments',
    access: departmentManager,
  },
  /** What the bulk action would do now (counts, and who would change), writing nothing. */
  previewBulkAssignments: {
    method: 'POST',
    path: '/assignments/bulk-preview',
    access: departmentManager,
  },
  /** A new link to the assignment's details page (no sign-in needed to open it). */
  createAssignmentLink: {
    method: 'POST',
    path: '/assignments/{id}/link',
    access: departmentManager,
  },
  /** Withdraws every link to the assignment's details. */
  revokeAssignmentLinks: {
    method: 'DELETE',
    path: '/assignments/{id}/links',
    access: departmentManager,
  },
  /** Assignment Details by a link's token: no sign-in, throttled per IP. */
  getAssignmentDetails: {
    method: 'GET',
    path: '/public/assignments',
    access: { kind: 'public' },
  },
} as const satisfies Record<string, EndpointRoute>;
