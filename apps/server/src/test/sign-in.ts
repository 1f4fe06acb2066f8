import type { LightMyRequestResponse } from 'fastify';
import { prehashPassword } from '@truck-queue/shared/password';
import type { TestContext } from './harness.ts';

/**
 * A sign-in as a browser sends it, that tries again while the server has as many sign-ins in
 * flight as it takes (THROTTLE.inFlight, refused before any database work). Tests about what
 * the checked attempts do (throttle, audit) send hundreds at once, so they wait their turn, as
 * long as the sign-ins ahead of them take: on a loaded machine a password check takes several
 * times longer, and a wait counted in tries (it was 500) gave up while the others were still
 * being checked, so the count of checked attempts came out short. The bound is only there so
 * that a server that never frees a slot fails the test instead of hanging it.
 */
export async function signInWhenFree(
  t: TestContext,
  email: string,
  password: string,
  ip: string,
): Promise<LightMyRequestResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await t.post('authen/signin', { email, password: prehashPassword(password) }, { ip });
    const busy =
      response.statusCode === 429 &&
      response.json<{ message: string }>().message === 'Too many sign-ins at once. Try again in a moment.';
    if (!busy || attempt >= 100_000) return response;
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
  }
}
