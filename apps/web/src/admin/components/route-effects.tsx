import { INFO_MESSAGE_DURATION_MS, MESSAGES, tabTitle } from '@heed/contract';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { notify } from '../../components/notices/index.ts';
import { useRouteTitle } from '../app/use-current-route.ts';

const PASSWORD_RESET_PARAM = 'password_reset';

/**
 * What every navigation does (spec §2, §4): the tab title 'Heed Admin | {title}', the page scrolled
 * to the top, and after a password reset the success message, then the query parameter removed.
 */
export function RouteEffects() {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const passwordReset = params.has(PASSWORD_RESET_PARAM);

  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every path change is the trigger
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (!passwordReset) return;
    notify.success(MESSAGES.passwordChanged, { id: 'password-reset', duration: INFO_MESSAGE_DURATION_MS });
    setParams(
      (current) => {
        current.delete(PASSWORD_RESET_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [passwordReset, setParams]);

  return null;
}
