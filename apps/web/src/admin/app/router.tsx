import { ROUTER_BASE } from '@heed/contract';
import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter } from 'react-router';
import { RouteErrorPage } from '../../components/route-error-page.tsx';
import { Splash } from '../../components/splash.tsx';
import { ConsoleGate } from './console-gate.tsx';

const Loading = () => <Splash label="Loading Heed Admin…" />;

/**
 * The console's routes under /admin. The gate admits staff only; every page loads lazily so the
 * entry chunk stays small. The AppShell (side navigation, header) becomes a layout route inside the gate.
 */
const router = createBrowserRouter(
  [
    {
      Component: ConsoleGate,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: Loading,
      children: [
        {
          index: true,
          lazy: () => import('../pages/console-home-page.tsx').then((m) => ({ Component: m.ConsoleHomePage })),
        },
        {
          path: '*',
          lazy: () => import('../pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ],
  { basename: ROUTER_BASE },
);

export function ConsoleRouter() {
  return <RouterProvider router={router} />;
}
