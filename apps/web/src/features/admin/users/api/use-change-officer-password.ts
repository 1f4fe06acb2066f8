import { useMutation } from '@tanstack/react-query';
import { changePassword } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { callApi } from '../../../../lib/api-client.ts';

export interface ChangeOfficerPasswordInput {
  uuid: string;
  /** As typed; it leaves pre-hashed. */
  newPassword: string;
}

/**
 * The call's body: the new password pre-hashed, and no `c_password`. The form has compared the
 * confirmation with it already, so the plaintext never leaves the browser (the spec's client
 * sent it; the server still takes it, but needs nothing of it).
 */
export const changeOfficerPasswordBody = ({ uuid, newPassword }: ChangeOfficerPasswordInput) => ({
  uuid,
  new_password: prehashPassword(newPassword),
});

/** An admin sets another officer's password. */
export function changeOfficerPassword(input: ChangeOfficerPasswordInput) {
  return callApi(changePassword, changeOfficerPasswordBody(input));
}

export function useChangeOfficerPassword() {
  return useMutation({ mutationFn: changeOfficerPassword });
}
