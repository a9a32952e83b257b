import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Splash } from '../../components/splash.tsx';
import { type Me, useMe } from '../../features/auth/api/get-me.ts';
import { canUseConsole } from '../../features/auth/roles.ts';
import { isApiError } from '../../lib/api-client.ts';

/** The sign-in page, told to come back to the page the visitor asked for. */
const signInUrl = () => `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`;

/** Where to send someone who may not be here: nobody signed in → sign-in; a learner → My Courses. */
function elsewhere(error: unknown, user: Me | undefined): string | null {
  if (isApiError(error, 403)) return signInUrl();
  if (user && !canUseConsole(user)) return '/';
  return null;
}

/**
 * Admits staff to the console. The server enforces every rule again on each call; this only spares
 * learners and signed-out visitors a console that cannot load.
 */
export function ConsoleGate() {
  const me = useMe();
  const target = elsewhere(me.error, me.data);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (me.isPending || target) return <Splash label="Loading Heed Admin…" />;
  if (me.isError) throw me.error;
  return <Outlet />;
}

/** The signed-in staff user, for components inside the gate. */
export function useConsoleUser(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useConsoleUser is only available inside ConsoleGate');
  return data;
}
