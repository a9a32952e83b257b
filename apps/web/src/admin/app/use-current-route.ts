import { routeTitle } from '@heed/contract';
import { useMatches } from 'react-router';
import type { RouteHandle } from './route-handle.ts';
import { useConsoleSession } from '../../lib/console-session.tsx';

/** The deepest matched route's handle: its row of the route table, or a plain title. */
export function useCurrentHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.route || handle?.title) return handle;
  }
  return undefined;
}

/** The current page's title (spec §2), the departments route's from the company's label. */
export function useRouteTitle(): string | undefined {
  const handle = useCurrentHandle();
  const { company } = useConsoleSession();
  return handle?.route ? routeTitle(handle.route, company) : handle?.title;
}
