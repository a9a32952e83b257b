/** The login address (spec §2): {host}/login. */
export const loginAddress = (origin: string = window.location.origin): string => `${origin}/login`;

/**
 * Where the browser goes after signing out or after a session timeout (spec §2): the company's
 * logout_url, else the login address. A site admin always uses the login address, and so does a
 * site admin who is impersonating someone (the person at the keyboard is still the site admin).
 */
export function logoutAddress(
  user: { site_admin: boolean; impersonator: { username: string } | null },
  company: { logout_url: string | null } | null,
  origin?: string,
): string {
  if (user.site_admin || user.impersonator) return loginAddress(origin);
  return company?.logout_url || loginAddress(origin);
}
