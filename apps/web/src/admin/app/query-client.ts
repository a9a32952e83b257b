import { createQueryClient } from '../../lib/query-client.ts';

/** The console's one query client, shared by the providers, the route loaders and sign-out. */
export const queryClient = createQueryClient();
