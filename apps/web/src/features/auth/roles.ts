import { ROLE_LABELS, canUseConsole, isRoleId } from '@heed/contract';
import type { Me } from './api/get-me.ts';

/** Staff may use the console: site admins and every role from Reviewer up (spec §5). */
export { canUseConsole };

/** "Site administrator" or the role's name. */
export const roleLabel = (user: Pick<Me, 'role' | 'site_admin'>): string =>
  user.site_admin ? 'Site administrator' : isRoleId(user.role) ? ROLE_LABELS[user.role] : ROLE_LABELS[0];
