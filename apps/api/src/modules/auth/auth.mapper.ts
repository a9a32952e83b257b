import type { MeUser } from '@heed/contract';
import type { UserRow } from '../../db/types.ts';

/** The spec §3 User shape of /me. */
export function toMeUser(user: UserRow, impersonator: UserRow | null): MeUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
    site_admin: user.site_admin === 1,
    suspended: user.suspended === 1,
    company: { id: user.company_id },
    impersonator: impersonator ? { username: impersonator.username } : null,
  };
}
