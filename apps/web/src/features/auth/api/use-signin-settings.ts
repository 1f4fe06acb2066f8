import { useQuery } from '@tanstack/react-query';
import { signinSettings } from '@truck-queue/shared/contracts/auth.contract';
import { callApi } from '../../../lib/api-client.ts';
import { readPcBranch } from '../../../lib/session.ts';

/**
 * The sign-in page's branch settings (language, "remember me" default): of the branch this PC
 * last signed in to, else of the installation's first branch.
 */
export function useSigninSettings() {
  const branchId = readPcBranch();
  return useQuery({
    queryKey: ['auth', 'signinSettings', branchId ?? null],
    queryFn: ({ signal }) =>
      callApi(signinSettings, branchId === undefined ? {} : { branch_id: branchId }, { signal }),
    select: (answer) => answer.settings,
    staleTime: Infinity,
    retry: false,
  });
}
