import { z } from 'zod';
import { paged } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { learningEndpointRoutes } from './endpoint-routes.ts';
import { myAssignment, myCompletion, myHistoryQuery } from './my-assignments.ts';

/** The summary and schemas of each learner endpoint, joined to its route in `endpoints`. */
export const learningEndpoints = {
  listMyAssignments: {
    summary:
      "The caller's current assignments (the latest per course) with status derived now: overdue first, then due soonest, then completed newest first",
    response: z.object({ data: z.array(myAssignment) }),
  },
  listMyHistory: {
    summary: "Every completion of the caller's, recertifications included, newest first, paged",
    query: myHistoryQuery,
    response: paged(myCompletion),
  },
} satisfies { [N in keyof typeof learningEndpointRoutes]: EndpointSchemas };
