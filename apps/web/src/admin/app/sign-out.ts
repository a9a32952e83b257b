import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { companyQueryOptions } from '../../features/companies/api/get-company.ts';
import { loginAddress, logoutAddress } from '../../features/session/logout-address.ts';
import { disableTimeoutDetection } from '../../features/session/session-dialogs.ts';
import { setCompanyHeader } from '../../lib/api-client.ts';
import { broadcastLogout } from '../../lib/broadcast.ts';
import { clearProductStorage } from '../../lib/storage.ts';
import { queryClient } from './query-client.ts';

/** The logout address of whoever is signed in (spec §2), read before the session ends. */
async function logoutTarget(): Promise<string> {
  try {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    const company =
      me.site_admin || me.impersonator ? null : await queryClient.ensureQueryData(companyQueryOptions(me.company.id));
    return logoutAddress(me, company);
  } catch {
    return loginAddress();
  }
}

async function run(): Promise<void> {
  disableTimeoutDetection();
  const target = await logoutTarget();
  // A failed call (the server unreachable) still signs this browser out; the server's idle timeout
  // ends the session it could not end now.
  await logout().catch(() => undefined);
  queryClient.clear();
  clearProductStorage();
  setCompanyHeader(null);
  broadcastLogout();
  window.location.replace(target);
}

let signingOut: Promise<void> | null = null;

/**
 * Signs out (spec §4 Logout): ends the session on the server, forgets the cached and stored state
 * (the selected company included; the colour scheme stays), tells the other windows ('logged-out'),
 * and goes to the logout address. Calling it twice signs out once.
 */
export function signOut(): Promise<void> {
  signingOut ??= run();
  return signingOut;
}
