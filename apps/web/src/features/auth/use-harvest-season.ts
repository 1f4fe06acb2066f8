import { DEFAULT_HARVEST_SEASON, type HarvestSeason } from '@truck-queue/shared/season';
import { useAccess } from './api/use-access.ts';

/** The harvest season of the branch the officer works in (the Yard rules page): "this season" of the period pickers. */
export function useHarvestSeason(): HarvestSeason {
  const branch = useAccess().data?.officer.branch;
  return branch ? { start: branch.season_start, finish: branch.season_finish } : DEFAULT_HARVEST_SEASON;
}
