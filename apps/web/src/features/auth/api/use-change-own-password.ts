import { useMutation } from '@tanstack/react-query';
import { changeOwnPassword as changeOwnPasswordContract } from '@truck-queue/shared/contracts/auth.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { callApi } from '../../../lib/api-client.ts';

export interface ChangeOwnPasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Both passwords leave the browser pre-hashed, like every password (DESIGN.md "Wire contract"). */
export function changeOwnPassword({ currentPassword, newPassword }: ChangeOwnPasswordInput) {
  return callApi(changeOwnPasswordContract, {
    old_password: prehashPassword(currentPassword),
    new_password: prehashPassword(newPassword),
  });
}

export function useChangeOwnPassword() {
  return useMutation({ mutationFn: changeOwnPassword });
}
