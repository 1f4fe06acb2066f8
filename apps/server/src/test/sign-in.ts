import type { LightMyRequestResponse } from 'fastify';
import { prehashPassword } from '@truck-queue/shared/password';
import type { TestContext } from './harness.ts';

/**
 * A sign-in as a browser sends it, that tries again while the server has as many sign-ins in
 * flight as it takes (THROTTLE.inFlight, refused before any database work). Tests about what
 * the checked attempts do (throttle, audit) send hundreds at once, so they wait their turn: a
 * short wait, bounded.
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
    if (!busy || attempt >= 500) return response;
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
  }
}
