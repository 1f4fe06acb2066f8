import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signin as signinContract } from '@truck-queue/shared/contracts/auth.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { saveSignIn } from '../../../lib/session.ts';
import { readKnownBrowser, saveKnownBrowser } from '../known-browser.ts';

export type SigninBody = BodyOf<typeof signinContract>;

/** Sends the known-browser token this browser keeps for the e-mail, if any (see known-browser.ts). */
export function signin(body: SigninBody) {
  const knownBrowser = body.known_browser ?? readKnownBrowser(body.email);
  return callApi(signinContract, knownBrowser ? { ...body, known_browser: knownBrowser } : body);
}

/**
 * Signs in and stores session, officer and branch (remember me: localStorage, else this tab),
 * and the new known-browser token for this e-mail.
 */
export function useSignin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signin,
    onSuccess: ({ officer }, body) => {
      const { session, known_browser: knownBrowser, ...authUser } = officer;
      saveKnownBrowser(body.email, knownBrowser);
      queryClient.clear();
      saveSignIn({ session, officer: authUser, branch: officer.branch }, body.remember ?? false);
    },
  });
}
