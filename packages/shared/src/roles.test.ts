import { describe, expect, it } from 'vitest';
import {
  can,
  isValidRolesString,
  landingPath,
  mayManageOfficer,
  parseRoles,
  permissionsOf,
  ROLE,
  ROUTE_PERMISSIONS,
} from './roles.ts';

describe('roles', () => {
  it('grants each role exactly the menu of SPEC.md section 6', () => {
    const sees = (roles: string) => [...permissionsOf(roles)].sort();
    // 'overrule' (issue 38: a truck a line's cap holds called anyway) is a manager's, not a menu
    // entry; 'suppliers' (issue 39) is the office's page of suppliers.
    expect(sees('0')).toEqual([
      'admin',
      'calling',
      'dashboard',
      'exit',
      'lab',
      'overrule',
      'report',
      'suppliers',
      'weighing',
    ]);
    expect(sees('1')).toEqual(sees('0'));
    expect(sees('51')).toEqual(['calling', 'dashboard', 'overrule', 'report', 'suppliers', 'weighing']);
    expect(sees('55')).toEqual(['calling', 'dashboard', 'weighing']);
    expect(sees('56')).toEqual(['dashboard', 'lab']);
    expect(sees('71')).toEqual(['dashboard', 'exit']);
    expect(sees('1000')).toEqual(['branchSwitch', 'dashboard']);
  });

  it('adds up the permissions of several roles', () => {
    expect(can('55,1000', 'branchSwitch')).toBe(true);
    expect(can('55,1000', 'calling')).toBe(true);
    expect(can('55', 'branchSwitch')).toBe(false);
    expect(can('56,71', 'exit')).toBe(true);
  });

  it('ignores unknown role ids and grants nothing for none', () => {
    expect(parseRoles('1, 99, 1 ,abc')).toEqual(['1']);
    expect([...permissionsOf('')]).toEqual([]);
    expect([...permissionsOf(null)]).toEqual([]);
    expect(can('9999', 'dashboard')).toBe(false);
  });

  it('validates a roles string', () => {
    expect(isValidRolesString('1')).toBe(true);
    expect(isValidRolesString('51,1000')).toBe(true);
    expect(isValidRolesString('51,51')).toBe(false);
    expect(isValidRolesString('2')).toBe(false);
    expect(isValidRolesString('')).toBe(false);
  });

  it('keeps admin screens for roles 0 and 1 only', () => {
    const adminRoutes = Object.entries(ROUTE_PERMISSIONS)
      .filter(([, p]) => p === 'admin')
      .map(([r]) => r);
    expect(adminRoutes.sort()).toEqual(
      [
        '/System/calling',
        '/System/defineQueue',
        '/System/display',
        '/System/manageUser',
        '/System/printing',
        '/System/weighbridge',
        '/System/product',
        '/System/station',
        '/System/yardRules',
        '/System/disputes',
        '/System/notifications',
        '/System/integrations',
        '/Report/waitAccuracy',
        '/System/branches',
      ].sort(),
    );
    for (const role of Object.values(ROLE)) {
      expect(can(role, 'admin')).toBe(role === '0' || role === '1');
    }
  });

  it('lets only a SuperAdmin, or a holder of the same guarded roles, manage a guarded officer', () => {
    expect(mayManageOfficer('0', '0')).toBe(true);
    expect(mayManageOfficer('0', '51,1000')).toBe(true);
    // An Admin manages admins and the everyday roles, never a SuperAdmin or a branch switcher.
    expect(mayManageOfficer('1', '1')).toBe(true);
    expect(mayManageOfficer('1', '55')).toBe(true);
    expect(mayManageOfficer('1', '0')).toBe(false);
    expect(mayManageOfficer('1', '51,1000')).toBe(false);
    expect(mayManageOfficer('1', '1000')).toBe(false);
    // Holding the guarded role itself gives nothing more than one already has.
    expect(mayManageOfficer('1,1000', '51,1000')).toBe(true);
    expect(mayManageOfficer('1,1000', '0,1000')).toBe(false);
  });
});

describe('where an officer lands after signing in', () => {
  it('is the work screen of the role: calling, the lab, the gate; admins and managers the dashboard', () => {
    expect(landingPath(ROLE.superAdmin)).toBe('/System/dashboard');
    expect(landingPath(ROLE.admin)).toBe('/System/dashboard');
    expect(landingPath(ROLE.manager)).toBe('/System/dashboard');
    expect(landingPath(ROLE.employee)).toBe('/System/manageCalling/1');
    expect(landingPath(ROLE.labChecker)).toBe('/System/manageResultLab');
    expect(landingPath(ROLE.security)).toBe('/System/exitFactory');
    expect(landingPath(`${ROLE.labChecker},${ROLE.security}`)).toBe('/System/manageResultLab');
    expect(landingPath('')).toBe('/System/dashboard');
  });

  it('is always a screen the roles may open', () => {
    for (const role of Object.values(ROLE)) {
      const path = landingPath(role);
      const route = Object.keys(ROUTE_PERMISSIONS).find((r) => path.startsWith(r.split('/:')[0]!));
      expect(route && can(role, ROUTE_PERMISSIONS[route as keyof typeof ROUTE_PERMISSIONS])).toBe(true);
    }
  });
});
