import { signout as signoutContract } from '@truck-queue/shared/contracts/auth.contract';
import { callApi } from '../../../lib/api-client.ts';
import { clearSession, readSession } from '../../../lib/session.ts';

export function signout() {
  return callApi(signoutContract, {});
}

/**
 * Ends the session on the server when it can, and always forgets it here: a failed call
 * must not keep the officer signed in on this browser.
 */
export async function signOutEverywhere(): Promise<void> {
  if (readSession()) {
    try {
      await signout();
    } catch (error) {
      console.warn('Sign-out call failed; clearing the local session anyway', error);
    }
  }
  clearSession();
}
