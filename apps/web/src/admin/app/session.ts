import { type Company, INFO_MESSAGE_DURATION_MS, MESSAGES } from '@heed/contract';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '../../components/notices/index.ts';
import { type Me, meQueryOptions } from '../../features/auth/api/get-me.ts';
import { canUseConsole } from '../../features/auth/roles.ts';
import { companyQueryOptions } from '../../features/companies/api/get-company.ts';
import { loginAddress, logoutAddress } from '../../features/session/logout-address.ts';
import { enableTimeoutDetection } from '../../features/session/session-dialogs.ts';
import { isApiError, setCompanyHeader } from '../../lib/api-client.ts';
import { companyStorage } from '../../lib/company-storage.ts';
import type { ConsoleSession, SessionUser } from '../../lib/console-session.tsx';

export type { ConsoleSession };

export const SESSION_ROUTE_ID = 'console';

/** Leaves the console for another page; the splash stays until the browser is gone. */
function leave(url: string): Promise<never> {
  window.location.replace(url);
  return new Promise<never>(() => {});
}

/**
 * The company a site admin acts on in this window: the current one, else the last one chosen in any
 * window (which becomes current, with a notice). Anyone else acts on their own company and never
 * sends a stored id; the stored one is forgotten, unless a site admin is only impersonating them.
 */
function chooseCompany(me: Me): { id: number | null; remembered: boolean } {
  if (!me.site_admin) {
    if (!me.impersonator) companyStorage.forget();
    return { id: null, remembered: false };
  }
  const current = companyStorage.current();
  if (current !== null) return { id: current, remembered: false };
  const last = companyStorage.last();
  if (last === null) return { id: null, remembered: false };
  companyStorage.adopt(last);
  return { id: last, remembered: true };
}

/** A chosen company that no longer answers (deleted, or a bad id): back to the user's own. */
async function loadActingCompany(queryClient: QueryClient, id: number): Promise<Company | null> {
  try {
    return await queryClient.ensureQueryData(companyQueryOptions(id));
  } catch (error) {
    if (!isApiError(error) || error.status >= 500 || error.status === 0 || error.status === 403) throw error;
    companyStorage.forget();
    setCompanyHeader(null);
    return null;
  }
}

async function startSession(queryClient: QueryClient, intended: URL): Promise<ConsoleSession> {
  let me: Me;
  try {
    me = await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    // No session: the learner login, told where the visitor was heading (spec §4, §8).
    if (isApiError(error, 403))
      return leave(`${loginAddress()}?redirect=${encodeURIComponent(intended.pathname + intended.search)}`);
    throw error;
  }
  if (!canUseConsole(me)) return leave(`${window.location.origin}/`);

  const choice = chooseCompany(me);
  setCompanyHeader(choice.id);
  // A site admin acting on another company needs both records: asked for together.
  const ownRecord = () => queryClient.ensureQueryData(companyQueryOptions(me.company.id));
  const ownEarly = choice.id !== null && choice.id !== me.company.id ? ownRecord() : undefined;
  ownEarly?.catch(() => {}); // awaited below; a failure is reported there
  const acting = choice.id === null ? null : await loadActingCompany(queryClient, choice.id);
  const own = acting?.id === me.company.id ? acting : await (ownEarly ?? ownRecord());
  const company = acting ?? own;
  if (choice.remembered && acting) {
    notify.info(MESSAGES.autoChangedCompany(acting.name), { duration: INFO_MESSAGE_DURATION_MS });
  }
  const user: SessionUser = { ...me, company: own };
  enableTimeoutDetection(logoutAddress(user, own));
  return { user, company };
}

let started: Promise<ConsoleSession> | null = null;

/**
 * Loads the session once per page: /me (or leave for the login or the learner portal), the company
 * records, the X-Company-ID header. Every route loader awaits the same promise.
 */
export function loadSession(queryClient: QueryClient, request: Request): Promise<ConsoleSession> {
  if (!started) {
    started = startSession(queryClient, new URL(request.url));
    // A failure (a 5xx, the network) may be retried by the next navigation.
    started.catch(() => {
      started = null;
    });
  }
  return started;
}
