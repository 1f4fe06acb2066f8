import { describe, expect, it } from 'vitest';
import { ROLE } from '@truck-queue/shared/roles';
import { afterSignIn, isProtectedPath, loginPathFrom } from './landing.ts';

describe('where sign-in leads', () => {
  it("goes back to the page that sent the officer to sign in, else to the role's work screen", () => {
    expect(afterSignIn('/Report/summary', ROLE.manager)).toBe('/Report/summary');
    expect(afterSignIn(null, ROLE.labChecker)).toBe('/System/manageResultLab');
    expect(afterSignIn(null, ROLE.employee)).toBe('/System/manageCalling/1');
  });

  it("does not follow the last officer's page to one this officer may not open", () => {
    expect(afterSignIn('/System/manageResultLab', ROLE.security)).toBe('/System/exitFactory');
  });

  it('never follows a next that is not one of its own pages', () => {
    for (const next of ['https://evil.example/', '//evil.example/System/dashboard', '/authen/login', '/nope'])
      expect(afterSignIn(next, ROLE.security)).toBe('/System/exitFactory');
    expect(isProtectedPath('/System/manageCalling/3?x=1')).toBe(true);
  });

  it('names the page in the sign-in address only for a protected page', () => {
    expect(loginPathFrom('/authen/login', '/System/weighing')).toBe(
      '/authen/login?next=%2FSystem%2Fweighing',
    );
    expect(loginPathFrom('/authen/login', '/')).toBe('/authen/login');
  });
});
