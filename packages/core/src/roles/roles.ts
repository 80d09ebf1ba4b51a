/** User roles of the contract §4.1. */
export const ROLES = { guest: 0, common: 1, reliable: 3, admin: 10, root: 100 } as const;
export type RoleName = keyof typeof ROLES;

/** Guard thresholds of the contract §0.3: user ≥ 1, admin ≥ 10, root ≥ 100. */
export const GUARD_THRESHOLDS = { user: ROLES.common, admin: ROLES.admin, root: ROLES.root } as const;
export type GuardLevel = keyof typeof GUARD_THRESHOLDS;

/** A role of 10 or higher counts as admin (spec §6). */
export function isAdmin(role: number | undefined): boolean {
  return (role ?? 0) >= ROLES.admin;
}

/** A role of 100 or higher is the super administrator. */
export function isRoot(role: number | undefined): boolean {
  return (role ?? 0) >= ROLES.root;
}

/** A role of 3 or higher is reliable staff (may see a token's billing tag). */
export function isReliable(role: number | undefined): boolean {
  return (role ?? 0) >= ROLES.reliable;
}

/** Tells whether a role passes a guard level. */
export function meetsGuard(role: number, level: GuardLevel): boolean {
  return role >= GUARD_THRESHOLDS[level];
}

/** The i18n key naming a role (general user, administrator, super administrator, unknown). */
export function roleLabelKey(role: number): string {
  if (role >= ROLES.root) return 'roles.root';
  if (role >= ROLES.admin) return 'roles.admin';
  if (role === ROLES.reliable) return 'roles.reliable';
  if (role === ROLES.common) return 'roles.common';
  return 'roles.unknown';
}
