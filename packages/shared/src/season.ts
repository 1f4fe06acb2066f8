/**
 * The plant's harvest season (crop year): the months a cassava plant receives most of its
 * trucks. Each branch sets the day it opens and the day it closes ('MM-DD'); a season that
 * closes before it opens in the calendar runs over the new year (1 November to 30 April of
 * crop year 2569/70 is 2026-11-01 to 2027-04-30).
 */
export interface HarvestSeason {
  /** First day, 'MM-DD'. */
  start: string;
  /** Last day, 'MM-DD' (in the next year when it comes before `start`). */
  finish: string;
}

/** Thai cassava's main harvest: 1 November to 30 April. */
export const DEFAULT_HARVEST_SEASON: HarvestSeason = { start: '11-01', finish: '04-30' };

/** Days in each month of a year that is not a leap year: a season's days exist every year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Whether `text` is a month and day that every year has ('MM-DD', 29 February excluded). */
export function isSeasonDay(text: string): boolean {
  const match = /^(\d\d)-(\d\d)$/.exec(text);
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= MONTH_DAYS[month - 1]!;
}

/**
 * "This season" on plant day `today` (YYYY-MM-DD): the season that holds today, from its first
 * day up to today; between seasons, the one that ended last, whole. Never reaches past today.
 */
export function thisSeason(today: string, season: HarvestSeason): { start: string; finish: string } {
  const year = Number(today.slice(0, 4));
  const monthDay = today.slice(5);
  // The year the season holding today (or the last one before it) opened in.
  const opened = monthDay >= season.start ? year : year - 1;
  const start = `${opened}-${season.start}`;
  const finish = `${season.finish < season.start ? opened + 1 : opened}-${season.finish}`;
  return { start, finish: finish < today ? finish : today };
}
