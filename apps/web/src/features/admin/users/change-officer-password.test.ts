import { describe, expect, it } from 'vitest';
import { changePassword } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { changeOfficerPasswordBody } from './api/use-change-officer-password.ts';

describe("an admin's password reset (issue 37, hole 11)", () => {
  it('sends the new password pre-hashed and no plaintext confirmation, in a body the contract takes', () => {
    const body = changeOfficerPasswordBody({
      uuid: '3f2b8c1e-9a47-4d2e-8f6b-0c1d2e3f4a5b',
      newPassword: 'harvest-2026-new',
    });
    expect(body).toEqual({
      uuid: '3f2b8c1e-9a47-4d2e-8f6b-0c1d2e3f4a5b',
      new_password: prehashPassword('harvest-2026-new'),
    });
    expect(JSON.stringify(body)).not.toContain('harvest-2026-new');
    expect(changePassword.body.safeParse(body).success).toBe(true);
  });
});
