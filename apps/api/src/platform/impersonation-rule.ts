import { ROLE, roleRank } from '@heed/contract';
import type { UserRow } from '../db/types.ts';

type Person = Pick<UserRow, 'id' | 'role' | 'site_admin' | 'company_id'>;

/** Why someone may not act as someone else; the sign-in route turns each into its own answer. */
export type ImpersonationRefusal = 'notAllowed' | 'otherCompany' | 'self' | 'siteAdmin' | 'rank';

/** Only site admins and Company Managers impersonate at all. */
export const mayImpersonateAnyone = (real: Pick<UserRow, 'role' | 'site_admin'>): boolean =>
  real.site_admin === 1 || real.role === ROLE.CompanyManager;

/**
 * Who may impersonate whom: a site admin anyone but a site admin; a Company Manager a strictly
 * lower role in their own company; never oneself. One rule for starting an impersonation and for
 * every request made during one, so a demotion ends what the old rank allowed (F5).
 */
export function impersonationRefusal(real: Person, target: Person): ImpersonationRefusal | null {
  if (!mayImpersonateAnyone(real)) return 'notAllowed';
  const admin = real.site_admin === 1;
  if (!admin && target.company_id !== real.company_id) return 'otherCompany';
  if (target.id === real.id) return 'self';
  if (target.site_admin === 1) return 'siteAdmin';
  if (!admin && roleRank(target.role) >= roleRank(real.role)) return 'rank';
  return null;
}
