import { signout as signoutContract } from '@truck-queue/shared/contracts/auth.contract';
import { callApi } from '../../../lib/api-client.ts';
import { clearSession, readSession } from '../../../lib/session.ts';

export function signout() {
  return callApi(signoutContract, {});
}

/**
 * Ends the session on the server when it can, and always forgets it here (and closes the
 * real-time connection): a failed call must not keep the officer signed in on this browser.
 */
export async function signOutEverywhere(): Promise<void> {
  // Drop the live connection first: it must not keep reconnecting with an ended session.
  // Imported on demand so the socket client stays out of the pages that never connect (login,
  // the driver's page); when a socket exists its module is already loaded and this is instant.
  try {
    (await import('../../../lib/socket.ts')).closeStaffSocket();
  } catch (error) {
    console.warn('Could not close the real-time connection', error);
  }
  if (readSession()) {
    try {
      await signout();
    } catch (error) {
      console.warn('Sign-out call failed; clearing the local session anyway', error);
    }
  }
  clearSession();
}
