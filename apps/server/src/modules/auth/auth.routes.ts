import * as contracts from '@truck-queue/shared/contracts/auth.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import { requestInfo, type AuthService } from './auth.service.ts';

export function registerAuthRoutes(register: RegisterCall, auth: AuthService): void {
  register(contracts.signin, async ({ body, request }) => ({
    status: 1,
    officer: await auth.signin(body, requestInfo(request)),
  }));

  register(contracts.signinSettings, async ({ body }) => ({
    status: 1,
    settings: await auth.signinSettings(body.branch_id),
  }));

  register(contracts.signout, async ({ auth: session, request }) => {
    await auth.signout(session, requestInfo(request));
    return { status: 1 };
  });

  register(contracts.checkSession, async ({ auth: session }) => ({
    status: 1,
    officer: await auth.officer(session),
  }));

  register(contracts.checkAccess, async ({ auth: session }) => ({
    status: 1,
    officer: await auth.officer(session),
    permissions: auth.permissions(session),
  }));

  register(contracts.getOfficer, async ({ auth: session }) => {
    const { name, lastname, roles } = await auth.officer(session);
    return { status: 1, name, lastname, roles };
  });

  register(contracts.mainBranch, async ({ auth: session }) => ({
    status: 1,
    branch: await auth.branches(session),
  }));

  register(contracts.getBranchSetID, async ({ auth: session }) => {
    const { name, lastname, roles, branch } = await auth.officer(session);
    return { status: 1, oBranch: branch, officer: { name, lastname, roles } };
  });

  register(contracts.getUpdateBranchID, async ({ auth: session, body }) => ({
    status: 1,
    oBranch: await auth.switchBranch(session, body.id),
  }));

  register(contracts.changeOwnPassword, async ({ auth: session, body, request }) => {
    await auth.changeOwnPassword(session, body.old_password, body.new_password, requestInfo(request));
    return { status: 1 };
  });
}
