import {
  ADMIN_NAME,
  CONSOLE_ROUTES,
  type ConsoleRoute,
  LEGACY_ROUTE_PATHS,
  ROUTER_BASE,
  consoleRoute,
} from '@heed/contract';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteErrorPage } from '../../components/route-error-page.tsx';
import { Splash } from '../../components/splash.tsx';
import { ConsoleLayout } from '../components/console-layout.tsx';
import { PageErrorBoundary } from '../components/page-error-boundary.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { routeGuard, sessionLoader } from './guards.ts';
import type { RouteHandle } from './route-handle.ts';
import { ROUTE_DATA, ROUTE_PAGES } from './route-pages.ts';
import { SESSION_ROUTE_ID } from './session.ts';

const Loading = () => <Splash label={`Loading ${ADMIN_NAME}…`} />;

/** `/users/import/` → `users/import`: React Router paths below a parent are relative. */
const relative = (path: string) => path.replace(/^\/+|\/+$/g, '');

/**
 * The router asks for a route's lazy page before it calls the loaders. A microtask later, the loaders'
 * requests (/me, the route's early data) leave first: on a cold start the page's some 40 chunks
 * otherwise took the browser's six connections and /me queued behind them (decision 057).
 */
const afterLoaders =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.resolve().then(load);

function pageRoute(route: ConsoleRoute, path = route.path): RouteObject {
  const handle: RouteHandle = { route };
  return {
    ...(path === '/' ? { index: true } : { path: relative(path) }),
    handle,
    loader: routeGuard(route, ROUTE_DATA[route.name]),
    lazy: { Component: afterLoaders(ROUTE_PAGES[route.name]) },
  };
}

const framed = CONSOLE_ROUTES.filter((route) => !route.standalone);
const standalone = CONSOLE_ROUTES.filter((route) => route.standalone);
const legacy = LEGACY_ROUTE_PATHS.map(({ name, path }) => pageRoute(consoleRoute(name), path));
const notFound: RouteObject = {
  path: '*',
  handle: { title: 'Page not found' } satisfies RouteHandle,
  // In the frame's chunk already: the page error boundary shows it for a missing record too.
  Component: NotFoundPage,
};

/**
 * The console's routes under /admin (spec §2), built from the contract's route table. The session
 * route loads /me and the company once (a splash meanwhile) and holds the frame; each page has its
 * guard and loads lazily in its own chunk. Logout, the error page and the public assignment page
 * stand outside the frame and need no sign-in.
 */
const router = createBrowserRouter(
  [
    {
      id: SESSION_ROUTE_ID,
      path: '/',
      loader: sessionLoader,
      shouldRevalidate: () => false,
      Component: ConsoleLayout,
      HydrateFallback: Loading,
      ErrorBoundary: RouteErrorPage,
      children: [
        { ErrorBoundary: PageErrorBoundary, children: [...framed.map((r) => pageRoute(r)), ...legacy, notFound] },
      ],
    },
    ...standalone.map((route) => ({ ...pageRoute(route), ErrorBoundary: RouteErrorPage, HydrateFallback: Loading })),
  ],
  { basename: ROUTER_BASE },
);

export function ConsoleRouter() {
  return <RouterProvider router={router} />;
}
