import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signin as signinContract } from '@truck-queue/shared/contracts/auth.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { saveSignIn } from '../../../lib/session.ts';

export type SigninBody = BodyOf<typeof signinContract>;

export function signin(body: SigninBody) {
  return callApi(signinContract, body);
}

/** Signs in and stores session, officer and branch (remember me: localStorage, else this tab). */
export function useSignin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signin,
    onSuccess: ({ officer }, body) => {
      const { session, ...authUser } = officer;
      queryClient.clear();
      saveSignIn({ session, officer: authUser, branch: officer.branch }, body.remember ?? false);
    },
  });
}
