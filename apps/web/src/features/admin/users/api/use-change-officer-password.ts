import { useMutation } from '@tanstack/react-query';
import { changePassword } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { callApi } from '../../../../lib/api-client.ts';

export interface ChangeOfficerPasswordInput {
  uuid: string;
  /** As typed; it leaves pre-hashed. */
  newPassword: string;
  /** The confirmation as typed (the spec's client sends it so). */
  confirmation: string;
}

/** An admin sets another officer's password. */
export function changeOfficerPassword({ uuid, newPassword, confirmation }: ChangeOfficerPasswordInput) {
  return callApi(changePassword, {
    uuid,
    new_password: prehashPassword(newPassword),
    c_password: confirmation,
  });
}

export function useChangeOfficerPassword() {
  return useMutation({ mutationFn: changeOfficerPassword });
}
