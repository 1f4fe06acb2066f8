import { waitAccuracy } from '@truck-queue/shared/contracts/wait-accuracy.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { WaitAccuracyService } from './wait-accuracy.service.ts';

/** The admins' chart of how often the expected wait held (issue 40), for the session's branch. */
export function registerWaitAccuracyRoutes(register: RegisterCall, accuracy: WaitAccuracyService): void {
  register(waitAccuracy, async ({ auth, body }) => ({
    status: 1,
    ...(await accuracy.report(auth, body.days)),
  }));
}
