import { type ConsoleRoute, routeOutcome } from '@heed/contract';
import { type LoaderFunctionArgs, data, redirect } from 'react-router';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { companyStorage } from '../../lib/company-storage.ts';
import { sessionHint } from '../../lib/session-hint.ts';
import { queryClient } from './query-client.ts';
import type { RouteData } from './route-pages.ts';
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

const companyChosen = () => companyStorage.current() !== null || companyStorage.last() !== null;

/**
 * Starts the page's first data requests (decision 057); the page's queries take them over. Not
 * awaited: the page renders its skeleton meanwhile. A request already made is not made again (same
 * key, still fresh). A chunk that fails to load fails the route's lazy page too, whose error
 * boundary reports it.
 */
function prefetchPageData(routeData: RouteData | undefined, search: string): void {
  routeData?.afterSession?.().then(
    (prefetch) => prefetch(queryClient, search),
    () => {},
  );
}

/**
 * A route's guard (spec §4, §6): numeric params or the not-found page; site-admin routes send
 * others home; minimum-role routes send lower roles home. Nobody signed in, and learners, never get
 * this far: the session loader sends them to the login or the learner portal.
 */
export function routeGuard(route: ConsoleRoute, routeData?: RouteData) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    if (route.numericParams?.some((key) => !/^\d+$/.test(params[key] ?? ''))) {
      throw data('Not found', { status: 404 });
    }
    if (route.access.lobby) return lobbyGuard(request);
    if (routeOutcome(route.access, null) === 'allow') return null;
    const search = new URL(request.url).search;
    // With no company chosen in this browser no call carries X-Company-ID, whoever signs in: the
    // early calls, and on a page any console user may open its data, need not wait for the session.
    // A site admin's window with a remembered company sends it on every call (spec §6), which is
    // only adopted once the session is known.
    // A browser not known to be signed in waits for the session first, so a visitor sent to the login
    // never has those calls refused.
    const early = !companyChosen() && sessionHint.likely();
    if (early) routeData?.early?.(queryClient);
    const openToAll = !route.access.siteAdmin && route.access.minRole === undefined;
    if (openToAll && early) prefetchPageData(routeData, search);
    const session = await loadSession(queryClient, request);
    const outcome = routeOutcome(route.access, session.user);
    if (outcome === 'home') throw redirect('/');
    if (!early) routeData?.early?.(queryClient);
    prefetchPageData(routeData, search);
    return null;
  };
}
