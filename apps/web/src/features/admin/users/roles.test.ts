import { describe, expect, it } from 'vitest';
import { isSuperAdmin, joinRoles, rolesForDisplay, splitRoles } from './roles.ts';

describe('officer roles in the form', () => {
  it('splits a roles string into the primary role and the branch switch', () => {
    expect(splitRoles('55')).toEqual({ primary: '55', others: [], branchSwitch: false });
    expect(splitRoles('51,1000')).toEqual({ primary: '51', others: [], branchSwitch: true });
    expect(splitRoles('1000,1')).toEqual({ primary: '1', others: [], branchSwitch: true });
  });

  it('keeps the most privileged primary role and reports the others', () => {
    expect(splitRoles('56, 51')).toEqual({ primary: '51', others: ['56'], branchSwitch: false });
  });

  it('has no primary role for an empty or unknown string', () => {
    expect(splitRoles('')).toEqual({ primary: undefined, others: [], branchSwitch: false });
    expect(splitRoles('99')).toEqual({ primary: undefined, others: [], branchSwitch: false });
    expect(splitRoles('1000')).toEqual({ primary: undefined, others: [], branchSwitch: true });
  });

  it('joins the form back into the wire string', () => {
    expect(joinRoles('55', false)).toBe('55');
    expect(joinRoles('51', true)).toBe('51,1000');
    expect(joinRoles('0', true)).toBe('0,1000');
  });

  it('orders tags: primary roles by privilege, the branch switch last', () => {
    expect(rolesForDisplay('1000,56,1')).toEqual(['1', '56', '1000']);
    expect(rolesForDisplay('x,55')).toEqual(['55']);
  });

  it('knows the roles only a SuperAdmin may give or take', () => {
    expect(isSuperAdmin('0')).toBe(true);
    expect(isSuperAdmin('1,1000')).toBe(false);
  });
});
