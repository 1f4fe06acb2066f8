import { parseRoles, PRIMARY_ROLE_IDS, ROLE, type RoleId } from '@truck-queue/shared/roles';

/** An officer's roles as the form edits them: one primary role and the branch switch (1000). */
export interface RoleChoice {
  /** The most privileged primary role; undefined when the string holds none. */
  primary: RoleId | undefined;
  /** The officer holds other primary roles besides `primary` (saving the form drops them). */
  others: RoleId[];
  branchSwitch: boolean;
}

export function splitRoles(roles: string): RoleChoice {
  const ids = parseRoles(roles);
  const primaries = PRIMARY_ROLE_IDS.filter((id) => ids.includes(id));
  return {
    primary: primaries[0],
    others: primaries.slice(1),
    branchSwitch: ids.includes(ROLE.branchSwitcher),
  };
}

export function isSuperAdmin(roles: string | null | undefined): boolean {
  return parseRoles(roles).includes(ROLE.superAdmin);
}

/** '51' + branch switch -> '51,1000'. */
export function joinRoles(primary: RoleId, branchSwitch: boolean): string {
  return branchSwitch && primary !== ROLE.branchSwitcher ? `${primary},${ROLE.branchSwitcher}` : primary;
}

/** The roles to show as tags: primary roles first (most privileged first), the branch switch last. */
export function rolesForDisplay(roles: string): RoleId[] {
  const ids = parseRoles(roles);
  return [
    ...PRIMARY_ROLE_IDS.filter((id) => ids.includes(id)),
    ...(ids.includes(ROLE.branchSwitcher) ? [ROLE.branchSwitcher] : []),
  ];
}
