import { idParam, paged } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { recertificationEndpointRoutes } from './endpoint-routes.ts';
import { completion, listUserCompletionsQuery } from './recertification.ts';

/** The summary and schemas of each recertification endpoint, joined to its route in `endpoints`. */
export const recertificationEndpoints = {
  listUserCompletions: {
    summary:
      "One user's completion history, newest first, paged: every completion (renewals included) with its score, expiry and recertification state, kept after its assignment is removed",
    params: idParam,
    query: listUserCompletionsQuery,
    response: paged(completion),
  },
} satisfies { [N in keyof typeof recertificationEndpointRoutes]: EndpointSchemas };
