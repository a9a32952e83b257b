/** Role ids as the API stores and returns them (spec §3). Site admin is a separate flag, not a role. */
export const ROLE = {
  Student: 0,
  CompanyManager: 1,
  DepartmentManager: 2,
  Reviewer: 3,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export type RoleName = keyof typeof ROLE;

export const ROLE_IDS: readonly RoleId[] = [0, 1, 2, 3];

export const ROLE_LABELS: Record<RoleId, string> = {
  0: 'Student',
  1: 'Company Manager',
  2: 'Department Manager',
  3: 'Reviewer',
};

/** Ascending rank (spec §5): Student < Reviewer < Department Manager < Company Manager. */
const RANK: Record<RoleId, number> = { 0: 0, 3: 1, 2: 2, 1: 3 };

export function isRoleId(value: unknown): value is RoleId {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/** Rank of a role; a missing or unknown user role counts as Student (spec §5). */
export function roleRank(role: unknown): number {
  return isRoleId(role) ? RANK[role] : RANK[ROLE.Student];
}

/**
 * True when a user holding `userRole` may access what `requiredRole` needs (spec §5).
 * An unknown required role is treated as Company Manager; a missing user role as Student.
 */
export function hasRoleAccess(userRole: unknown, requiredRole: unknown): boolean {
  const required = isRoleId(requiredRole) ? requiredRole : ROLE.CompanyManager;
  return roleRank(userRole) >= RANK[required];
}

/** The console requires at least Reviewer (spec §5). */
export const CONSOLE_MIN_ROLE: RoleId = ROLE.Reviewer;
