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
} as const satisfies Record<string, EndpointRoute>;
