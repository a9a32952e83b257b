import { type UserBulkAction, type UserBulkReason, roleRank } from '@heed/contract';
import type { UserCriteria } from './users.criteria.ts';

/** Who runs a bulk action: enough of the user to apply the rank and self rules, in a request or a job. */
export interface BulkActor {
  id: number;
  role: number;
  site_admin: number;
}

/**
 * Everything a bulk action needs, already checked: plain data, so a job can carry it as its payload.
 * `criteria` holds the tenant and the Department Manager's scope, so users outside them never match.
 */
export interface BulkPlan {
  action: UserBulkAction;
  companyId: number;
  actor: BulkActor;
  impersonatorId: number | null;
  ip: string | null;
  criteria: UserCriteria;
  excludedIds: number[];
  /** change_department: the new department (null: none) and its name, for the audit rows. */
  department?: { id: number; name: string } | null;
  /** change_role: the new role. */
  role?: number;
}

/** What the classification reads of a matching user. */
export interface BulkCandidate {
  id: number;
  role: number;
  site_admin: number;
  suspended: number;
  department_id: number | null;
  email: string | null;
  /** delete only: the user has assignments or course activity. */
  has_records?: number | boolean | null;
}

/** Actions nobody may apply to their own account. */
const NOT_ON_SELF: ReadonlySet<UserBulkAction> = new Set(['deactivate', 'delete', 'change_role']);

function actionReason(plan: BulkPlan, user: BulkCandidate): UserBulkReason | null {
  switch (plan.action) {
    case 'deactivate':
      return user.suspended === 1 ? 'unchanged' : null;
    case 'reactivate':
      return user.suspended === 0 ? 'unchanged' : null;
    case 'change_department':
      return user.department_id === (plan.department?.id ?? null) ? 'unchanged' : null;
    case 'change_role':
      return user.role === plan.role ? 'unchanged' : null;
    case 'send_password_reset':
      if (user.suspended === 1) return 'deactivated';
      return user.email ? null : 'noEmail';
    case 'delete':
      return user.has_records ? 'hasRecords' : null;
  }
}

/** Actions that change what decides an account's reach: only for users ranked strictly below (F4). */
const BELOW_ONLY: ReadonlySet<UserBulkAction> = new Set(['change_role']);

/**
 * Why a matching user must be left alone, or null when the action applies. The same rules as one
 * user's update (users-rules.ts): nobody changes a site administrator unless they are one, nor
 * someone ranked above them, nor the role of a peer; and some actions never apply to oneself.
 */
function skipReason(plan: BulkPlan, user: BulkCandidate): UserBulkReason | null {
  if (user.id === plan.actor.id && NOT_ON_SELF.has(plan.action)) return 'self';
  if (plan.actor.site_admin !== 1) {
    if (user.site_admin === 1) return 'siteAdmin';
    const [theirs, mine] = [roleRank(user.role), roleRank(plan.actor.role)];
    if (theirs > mine || (theirs === mine && BELOW_ONLY.has(plan.action))) return 'rank';
  }
  return actionReason(plan, user);
}

export interface Classified {
  eligible: number[];
  skipped: Map<UserBulkReason, number[]>;
}

/** Splits a chunk's users into those the action applies to and those skipped, by reason. */
export function classify(plan: BulkPlan, users: readonly BulkCandidate[]): Classified {
  const eligible: number[] = [];
  const skipped = new Map<UserBulkReason, number[]>();
  for (const user of users) {
    const reason = skipReason(plan, user);
    if (reason === null) eligible.push(user.id);
    else {
      const ids = skipped.get(reason) ?? [];
      ids.push(user.id);
      skipped.set(reason, ids);
    }
  }
  return { eligible, skipped };
}
