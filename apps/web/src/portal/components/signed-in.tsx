import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Splash } from '../../components/splash.tsx';
import { type Me, useMe } from '../../features/auth/api/get-me.ts';
import { isApiError } from '../../lib/api-client.ts';
import { portalPaths } from '../paths.ts';

/** Renders its children for the signed-in user; nobody signed in goes to the sign-in page. */
export function SignedIn({ children }: { children: (user: Me) => ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Splash />;
  if (isApiError(me.error, 403)) {
    const back =
      location.pathname === portalPaths.myCourses ? '' : `?redirect=${encodeURIComponent(location.pathname)}`;
    return <Navigate to={`${portalPaths.login}${back}`} replace />;
  }
  if (me.isError) throw me.error;
  return children(me.data);
}
