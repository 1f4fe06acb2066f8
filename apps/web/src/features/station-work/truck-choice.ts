import type { Calendar } from '@truck-queue/shared/calendar';
import type { NumberCandidate } from '@truck-queue/shared/contracts/api';
import { formatDateTime } from '../../lib/format.ts';

/**
 * The trucks a typed number may mean (AMBIGUOUS_NUMBER), as the chooser lists them. Pure, so the
 * wording is tested without a browser.
 */
export interface CandidateLine {
  /** What the server sent: the pick sends the action again for it. */
  candidate: NumberCandidate;
  uuid: string;
  queueNumber: string;
  licence: string;
  queueType: string;
  /** When the ticket was issued: day/month/year hh:mm in the branch's calendar, like the counters' tables. */
  issued: string;
  /** Of an earlier plant day than `today`: most often the truck still inside since yesterday. */
  earlierDay: boolean;
}

/** Oldest ticket first (the server's order, kept even if it changes), each with its issue time. */
export function candidateLines(
  candidates: readonly NumberCandidate[],
  today: string,
  calendar: Calendar,
): CandidateLine[] {
  return [...candidates]
    .sort((a, b) => Date.parse(a.created) - Date.parse(b.created))
    .map((candidate) => ({
      candidate,
      uuid: candidate.uuid,
      queueNumber: candidate.queue_number,
      licence: candidate.truck_license || '-',
      queueType: candidate.queue_type_name,
      issued: formatDateTime(candidate.created, calendar),
      earlierDay: candidate.queue_date < today,
    }));
}

/** Arrow keys in the chooser: the option to focus after `key` from `index`, or null to leave focus alone. */
export function nextOption(index: number, count: number, key: string): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
