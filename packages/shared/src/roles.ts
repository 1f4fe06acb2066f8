/**
 * Role ids and what each may use. This one table drives the side menu, the route guard
 * and the server's permission checks: change a rule here and all three follow.
 */

export const ROLE = {
  superAdmin: '0',
  admin: '1',
  manager: '51',
  employee: '55',
  labChecker: '56',
  security: '71',
  branchSwitcher: '1000',
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS = Object.values(ROLE) as readonly RoleId[];

/** Things a role may use. Every protected API call and screen names exactly one. */
export const PERMISSIONS = [
  'dashboard',
  'report',
  'calling',
  'weighing',
  'lab',
  'exit',
  'admin',
  'branchSwitch',
  /** Manager's overrides of a line's order rule: a truck its class's daily cap holds is called anyway. */
  'overrule',
  /** The branch's suppliers, their vehicles, quotas and bookings (issue 39): the office's. */
  'suppliers',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS = {
  '0': ['dashboard', 'report', 'calling', 'weighing', 'lab', 'exit', 'admin', 'overrule', 'suppliers'],
  '1': ['dashboard', 'report', 'calling', 'weighing', 'lab', 'exit', 'admin', 'overrule', 'suppliers'],
  '51': ['dashboard', 'report', 'calling', 'weighing', 'overrule', 'suppliers'],
  '55': ['dashboard', 'calling', 'weighing'],
  '56': ['dashboard', 'lab'],
  '71': ['dashboard', 'exit'],
  '1000': ['dashboard', 'branchSwitch'],
} as const satisfies Record<RoleId, readonly Permission[]>;

/** Roles that may be given on their own (1000 is only ever added to another role). */
export const PRIMARY_ROLE_IDS = ROLE_IDS.filter((r) => r !== ROLE.branchSwitcher);

export function isRoleId(value: string): value is RoleId {
  return (ROLE_IDS as readonly string[]).includes(value);
}

/** "1,1000" -> ['1', '1000']; unknown ids are dropped, duplicates removed. */
export function parseRoles(roles: string | null | undefined): RoleId[] {
  if (!roles) return [];
  const ids = roles
    .split(',')
    .map((r) => r.trim())
    .filter(isRoleId);
  return [...new Set(ids)];
}

/** A roles string is valid when every id is known, there is at least one, and none repeats. */
export function isValidRolesString(roles: string): boolean {
  const parts = roles.split(',').map((r) => r.trim());
  return parts.length > 0 && parts.every(isRoleId) && new Set(parts).size === parts.length;
}

export function permissionsOf(roles: string | null | undefined): Set<Permission> {
  const granted = new Set<Permission>();
  for (const role of parseRoles(roles)) for (const p of ROLE_PERMISSIONS[role]) granted.add(p);
  return granted;
}

export function can(roles: string | null | undefined, permission: Permission): boolean {
  return permissionsOf(roles).has(permission);
}

export function isAdminRoles(roles: string | null | undefined): boolean {
  return can(roles, 'admin');
}

/** Roles only a SuperAdmin may give or take: SuperAdmin itself and cross-branch switching. */
export const GUARDED_ROLE_IDS: readonly RoleId[] = [ROLE.superAdmin, ROLE.branchSwitcher];

/** Whether `after` holds a guarded role that `before` did not (the officer is being promoted). */
export function grantsGuardedRole(before: string, after: string): boolean {
  const had = parseRoles(before);
  const has = parseRoles(after);
  return GUARDED_ROLE_IDS.some((role) => !had.includes(role) && has.includes(role));
}

/**
 * Whether an officer with `actorRoles` may change another officer's password, e-mail, name or
 * roles, or delete them: a SuperAdmin may touch anyone; anyone else only an officer whose
 * guarded roles it holds itself. An Admin therefore cannot take over a SuperAdmin or a
 * branch-switching manager by resetting their password or e-mail.
 */
export function mayManageOfficer(actorRoles: string | null | undefined, targetRoles: string): boolean {
  const actor = parseRoles(actorRoles);
  if (actor.includes(ROLE.superAdmin)) return true;
  return parseRoles(targetRoles).every((role) => !GUARDED_ROLE_IDS.includes(role) || actor.includes(role));
}

/**
 * Protected screens and the permission each needs. Paths are React Router patterns;
 * the web's router and menu read this table.
 */
export const ROUTE_PERMISSIONS = {
  '/System/dashboard': 'dashboard',
  /** The alerts that concern the officer, their history, the admins' rules and one's own LINE (issue 41). */
  '/System/alerts': 'dashboard',
  /** Every branch the officer holds at a glance (issue 41): SuperAdmins and Admins. */
  '/System/branches': 'admin',
  '/System/calling': 'admin',
  '/System/display': 'admin',
  '/System/printing': 'admin',
  '/System/weighbridge': 'admin',
  '/System/manageCalling/:findDayKey': 'calling',
  '/System/manageResultLab': 'lab',
  '/System/weighing': 'weighing',
  '/System/exitFactory': 'exit',
  '/System/defineQueue': 'admin',
  '/System/reportQueue/:flowEngineUUID': 'calling',
  '/System/station': 'admin',
  '/System/product': 'admin',
  '/System/manageUser': 'admin',
  '/System/yardRules': 'admin',
  '/System/disputes': 'admin',
  '/System/notifications': 'admin',
  /** The keys other systems call the plant with, and their calls (issue 42). */
  '/System/integrations': 'admin',
  /** The branch's suppliers and their vehicles (issue 39). */
  '/System/suppliers': 'suppliers',
  /** Seasons and the suppliers' quotas in them (issue 39). */
  '/System/seasons': 'suppliers',
  /** Each line's booking capacity, windows and closed days, and the branch's booking rules (issue 39). */
  '/System/bookingPlan': 'suppliers',
  /** The bookings: a line's week of windows against capacity, the list, booking a slot (issue 39). */
  '/System/bookings': 'suppliers',
  '/Report/inoutTransaction': 'report',
  '/Report/summary': 'report',
  '/Report/goodsReceipts': 'report',
  '/Report/lineOrder': 'report',
  /** Where a truck's time goes, per stage, hour, day, station and officer (issue 41). */
  '/Report/timeBreakdown': 'report',
  /** Per supplier (and per plate without one): trucks, punctuality, loads, lab, a grade (issue 41). */
  '/Report/scorecards': 'report',
  /** How often the expected wait shown to drivers held, per queue type and day (issue 40). */
  '/Report/waitAccuracy': 'admin',
} as const satisfies Record<string, Permission>;

export type ProtectedRoute = keyof typeof ROUTE_PERMISSIONS;

/**
 * Where an officer lands after signing in (issue 36): the work screen of their role. Admins and
 * managers (who read reports) start on the dashboard; otherwise the first of calling, the lab,
 * weighing and the gate that the roles grant; an officer with none of them, the dashboard.
 */
export function landingPath(roles: string | null | undefined): string {
  const granted = permissionsOf(roles);
  if (granted.has('admin') || granted.has('report')) return '/System/dashboard';
  if (granted.has('calling')) return '/System/manageCalling/1';
  if (granted.has('lab')) return '/System/manageResultLab';
  if (granted.has('weighing')) return '/System/weighing';
  if (granted.has('exit')) return '/System/exitFactory';
  return '/System/dashboard';
}
