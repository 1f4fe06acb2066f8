import { RECENT_PLATES_DAYS, RECENT_PLATES_LIMIT } from '@truck-queue/shared/contracts/queue.contract';
import { plateSearchKey } from '@truck-queue/shared/licence';
import type { Clock } from '../../lib/clock.ts';
import type { QueueReadsRepository } from './queue-reads.repository.ts';

const DAY_MS = 86_400_000;

/**
 * The branch's licences of the last RECENT_PLATES_DAYS days that match what was typed, as
 * suggestions: an officer's search finds the typed text anywhere in a plate, a kiosk's only at
 * its start (the kiosk is public, and what a driver types first is the plate's number).
 */
export function findRecentPlates(
  reads: QueueReadsRepository,
  clock: Clock,
  branchId: number,
  typed: string,
  match: 'prefix' | 'contains',
): Promise<string[]> {
  const since = new Date(clock.now().getTime() - RECENT_PLATES_DAYS * DAY_MS);
  return reads.recentLicences(branchId, since, plateSearchKey(typed), match, RECENT_PLATES_LIMIT);
}
