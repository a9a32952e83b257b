import { type ConsoleRoute, routeOutcome } from '@heed/contract';
import { type LoaderFunctionArgs, data, redirect } from 'react-router';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { queryClient } from './query-client.ts';
import { type ConsoleSession, loadSession } from './session.ts';

const intendedPath = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/** The session route's loader: a splash shows until it settles (spec §4). */
export const sessionLoader = ({ request }: LoaderFunctionArgs): Promise<ConsoleSession> =>
  loadSession(queryClient, request);

/** A lobby route sends a signed-in user home with a redirect query (spec §4); visitors stay. */
async function lobbyGuard(request: Request): Promise<null> {
  const signedIn = await queryClient.fetchQuery(meQueryOptions()).then(
    () => true,
    () => false,
  );
  if (signedIn) throw redirect(`/?redirect=${encodeURIComponent(intendedPath(request))}`);
  return null;
}

/**
 * A route's guard (spec §4, §6): numeric params or the not-found page; site-admin routes send
 * others home; minimum-role routes send lower roles home. Nobody signed in, and learners, never get
 * this far: the session loader sends them to the login or the learner portal.
 */
export function routeGuard(route: ConsoleRoute) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    if (route.numericParams?.some((key) => !/^\d+$/.test(params[key] ?? ''))) {
      throw data('Not found', { status: 404 });
    }
    if (route.access.lobby) return lobbyGuard(request);
    if (routeOutcome(route.access, null) === 'allow') return null;
    const session = await loadSession(queryClient, request);
    const outcome = routeOutcome(route.access, session.user);
    if (outcome === 'home') throw redirect('/');
    return null;
  };
}
