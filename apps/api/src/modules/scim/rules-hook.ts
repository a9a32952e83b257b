import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { usersChanged } from '../../platform/user-changes.ts';

/**
 * Runs the company's assignment rules for users the IdP created or changed, in the same transaction,
 * through the function the console uses (`runRulesForUsers`, registered by modules/assignment-rules
 * on platform/user-changes.ts). The one call site SCIM and SAML share.
 */
export async function runAssignmentRules(
  trx: Kysely<Database>,
  companyId: number,
  userIds: number[],
  options: { ip?: string; now?: () => Date } = {},
): Promise<void> {
  await usersChanged(trx, companyId, userIds, { ...options, trigger: 'user_change' });
}
