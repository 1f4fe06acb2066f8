import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { doMainOfficer } from '@truck-queue/shared/contracts/officer.contract';
import { prehashPassword } from '@truck-queue/shared/password';
import { callApi } from '../../../../lib/api-client.ts';
import { accessQueryOptions } from '../../../auth/api/use-access.ts';
import { controllerKeys } from '../../controllers/api/query-keys.ts';
import { userKeys } from './query-keys.ts';

interface OfficerFields {
  name: string;
  lastname: string;
  /** '' for an officer who signs in with a username only. */
  email: string;
  /** '' for none. */
  username: string;
  /** "55" or "51,1000". */
  roles: string;
}

/** A new officer (with the password as typed) or changes to an existing one (no password). */
export type SaveOfficerInput = (OfficerFields & { password: string }) | (OfficerFields & { uuid: string });

export function saveOfficer(input: SaveOfficerInput) {
  const fields = {
    name: input.name,
    lastname: input.lastname,
    email: input.email,
    username: input.username,
    roles: input.roles,
  };
  const body: BodyOf<typeof doMainOfficer> =
    'uuid' in input
      ? { uuid: input.uuid, ...fields }
      : { ...fields, password: prehashPassword(input.password) };
  return callApi(doMainOfficer, body);
}

export function useSaveOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOfficer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.officers }),
        // Names and roles also show on the calling controller, and the officer may have edited themself.
        queryClient.invalidateQueries({ queryKey: controllerKeys.calling }),
        queryClient.invalidateQueries({ queryKey: accessQueryOptions().queryKey }),
      ]),
  });
}
