import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  listQuotas,
  listSeasons,
  saveQuotas,
  saveSeason,
} from '@truck-queue/shared/contracts/season.contract';
import { callApi } from '../../../lib/api-client.ts';

export type QuotaFilter = BodyOf<typeof listQuotas>;

/** Query keys of the seasons page; every key starts with 'seasons'. */
export const seasonKeys = {
  all: ['seasons'] as const,
  list: ['seasons', 'list'] as const,
  quotas: (filter: QuotaFilter) => ['seasons', 'quotas', filter] as const,
};

/** The branch's seasons, the latest start first, with their quotas added up. */
export function useSeasons() {
  return useQuery({
    queryKey: seasonKeys.list,
    queryFn: ({ signal }) => callApi(listSeasons, {}, { signal }),
    select: (response) => response.seasons,
  });
}

/** A page of a season's quotas (the page on screen stays while the next one loads). */
export function useQuotas(filter: QuotaFilter, enabled: boolean) {
  return useQuery({
    queryKey: seasonKeys.quotas(filter),
    queryFn: ({ signal }) => callApi(listQuotas, filter, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Creates or updates a season; the seasons and their quotas refetch. */
export function useSaveSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveSeason>) => callApi(saveSeason, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonKeys.all }),
  });
}

/** Sets quotas of one season, all or nothing; the seasons and their quotas refetch. */
export function useSaveQuotas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveQuotas>) => callApi(saveQuotas, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonKeys.all }),
  });
}
