import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';

/** One query client for the learner side's pages, made when the first page loads. */
const queryClient = createQueryClient();

/**
 * The learner side's root route: server state for every page. It loads with the first page rather
 * than in the entry chunk, which keeps the entry small (the first paint is the splash, which needs none).
 */
export function LearnerRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
