import { branchesOverviewContracts } from '@truck-queue/shared/contracts/branches-overview.contract';
import type { RegisterCall } from '../../http/register-call.ts';
import type { BranchesOverviewService } from './branches-overview.service.ts';

export function registerBranchesOverviewRoutes(
  register: RegisterCall,
  overview: BranchesOverviewService,
): void {
  register(branchesOverviewContracts.branchesOverview, async ({ auth }) => ({
    status: 1,
    ...(await overview.overview(auth)),
  }));
}
