import { useMutation } from '@tanstack/react-query';
import { getUpdateBranchID } from '@truck-queue/shared/contracts/auth.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { saveBranch } from '../../../lib/session.ts';

export function updateBranch(body: BodyOf<typeof getUpdateBranchID>) {
  return callApi(getUpdateBranchID, body);
}

/** Moves the session to another branch; the caller reloads the page on success (SPEC.md section 4). */
export function useUpdateBranch() {
  return useMutation({
    mutationFn: updateBranch,
    onSuccess: ({ oBranch }) => saveBranch(oBranch),
  });
}
