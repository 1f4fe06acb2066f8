import * as contracts from '@truck-queue/shared/contracts/officer.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { OfficersService } from './officers.service.ts';

export function registerOfficerRoutes(register: RegisterCall, officers: OfficersService): void {
  register(contracts.mainOfficer, async ({ auth }) => ({ status: 1, officer: await officers.list(auth) }));

  register(contracts.doMainOfficer, async ({ auth, body }) => ({
    status: 1,
    officer:
      'uuid' in body ? await officers.update(auth, body.uuid, body) : await officers.create(auth, body),
  }));

  register(contracts.changePassword, async ({ auth, body }) => {
    await officers.changePassword(auth, body.uuid, body.new_password, body.c_password);
    return { status: 1 };
  });

  register(contracts.cancelOfficer, async ({ auth, body }) => {
    await officers.cancel(auth, body.uuid);
    return { status: 1 };
  });
}
