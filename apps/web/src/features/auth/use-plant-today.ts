import { plantDayOf } from '@truck-queue/shared/plant-day';
import { config } from '../../lib/config.ts';
import { readBranch } from '../../lib/session.ts';
import { useNow } from '../../lib/use-now.ts';
import { useAccess } from './api/use-access.ts';

/**
 * Today's plant day (YYYY-MM-DD) of the branch the officer works in: on the plant's clock
 * (SITE_TIMEZONE), from the branch's day start (the Yard rules page), whatever this PC's zone.
 * It turns over by itself when the day starts.
 */
export function usePlantToday(): string {
  const access = useAccess();
  const now = useNow(60_000);
  const dayStart = access.data?.officer.branch.day_start_minutes ?? readBranch()?.day_start_minutes ?? 0;
  return plantDayOf(now, config.siteTimeZone, dayStart);
}
