import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { Splash } from '../components/splash.tsx';
import { portalPaths } from './paths.ts';

const Loading = () => <Splash />;

/**
 * The learner side. Pages load lazily so the entry chunk stays small.
 */
const router = createBrowserRouter([
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: Loading,
    lazy: () => import('./learner-root.tsx').then((m) => ({ Component: m.LearnerRoot })),
    children: [
      {
        path: portalPaths.myCourses,
        lazy: () => import('./pages/my-courses-page.tsx').then((m) => ({ Component: m.MyCoursesPage })),
      },
      {
        path: portalPaths.coursePlayer,
        lazy: () => import('./pages/course-player-page.tsx').then((m) => ({ Component: m.CoursePlayerPage })),
      },
      {
        path: portalPaths.verifyCertificate,
        lazy: () => import('./pages/verify-certificate-page.tsx').then((m) => ({ Component: m.VerifyCertificatePage })),
      },
      {
        path: portalPaths.login,
        lazy: () => import('./pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: portalPaths.forgotPassword,
        lazy: () => import('./pages/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: portalPaths.resetPassword,
        lazy: () => import('./pages/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: '*',
        lazy: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);

export function PortalRouter() {
  return <RouterProvider router={router} />;
}
