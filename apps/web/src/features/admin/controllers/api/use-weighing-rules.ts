import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  removeStoredTare,
  saveStoredTare,
  saveWeighingRules,
  storedTares,
  weighingRules,
} from '@truck-queue/shared/contracts/weighing-rules.contract';
import { callApi } from '../../../../lib/api-client.ts';

const RULES_KEY = ['admin', 'weighingRules'] as const;
const TARES_KEY = ['admin', 'storedTares'] as const;

/** The branch's weighing rules (issue 42): stored tares allowed and for how long, the legal gross per vehicle class. */
export function useWeighingRules() {
  return useQuery({
    queryKey: RULES_KEY,
    queryFn: ({ signal }) => callApi(weighingRules, {}, { signal }).then((r) => r.rules),
  });
}

export function useSaveWeighingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveWeighingRules>) => callApi(saveWeighingRules, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(RULES_KEY, saved.rules);
      // Whether each tare is still valid follows the days.
      void queryClient.invalidateQueries({ queryKey: TARES_KEY });
    },
  });
}

/** The branch's stored tares, newest first; `plate` narrows to one vehicle. */
export function useStoredTares(plate: string) {
  return useQuery({
    queryKey: [...TARES_KEY, plate],
    queryFn: ({ signal }) => callApi(storedTares, plate ? { plate } : {}, { signal }).then((r) => r.tares),
  });
}

export function useSaveStoredTare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveStoredTare>) => callApi(saveStoredTare, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TARES_KEY }),
  });
}

export function useRemoveStoredTare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licence: string) => callApi(removeStoredTare, { licence }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TARES_KEY }),
  });
}
