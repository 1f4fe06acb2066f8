import type { CardQueue, ProcessCard } from '@truck-queue/shared/contracts/queue.contract';
import { plateSearchKey } from '@truck-queue/shared/licence';
import { parseScannedText, type ScannedText } from '@truck-queue/shared/scan/scanned-text';

/** A truck on one of the officer's cards. */
export interface CardMatch {
  card: ProcessCard;
  queue: CardQueue;
}

/**
 * What Manage Calling's scan box found among the officer's cards. A ticket code or a QR code
 * names one ticket; a typed number may be held by two trucks when the cards show three days; a
 * typed plate (or part of it) may be several trucks'.
 */
export type ScanMatch =
  | { kind: 'found'; match: CardMatch }
  /** `typed`: the number or plate as the officer typed it, for the chooser's title. */
  | { kind: 'several'; typed: string; matches: CardMatch[] }
  /**
   * Not on the officer's cards: unknown, finished or gone, another queue type, or an older day.
   * `typed` is the text as typed, never as read back from the Thai keyboard layout.
   */
  | {
      kind: 'notOnCards';
      scanned: Extract<ScannedText, { kind: 'number' | 'ticketCode' | 'uuid' }>;
      typed: string;
    }
  | { kind: 'unreadable'; scanned: Extract<ScannedText, { kind: 'misread' | 'foreignLink' }> }
  | { kind: 'empty' };

/** The shortest part of a plate searched for: fewer characters would find most trucks. */
export const PLATE_SEARCH_MIN = 3;

export function findScanned(cards: readonly ProcessCard[], text: string): ScanMatch {
  const scanned = parseScannedText(text);
  const typed = text.trim();
  let named: (queue: CardQueue) => boolean;
  switch (scanned.kind) {
    case 'empty':
      return { kind: 'empty' };
    case 'misread':
    case 'foreignLink':
      return { kind: 'unreadable', scanned };
    case 'number':
      named = (queue) => queue.queue_number === scanned.queueNumber;
      break;
    case 'ticketCode':
      named = (queue) => queue._id === scanned.id;
      break;
    case 'uuid':
      named = (queue) => queue.uuid === scanned.uuid;
      break;
  }
  const on = (test: (queue: CardQueue) => boolean) =>
    cards.flatMap((card) => card.queue_number.filter(test).map((queue) => ({ card, queue })));
  let matches = on(named);
  // Not a number on the cards: a plate as typed ("กข 1234", "1234"), never its Thai-layout reading.
  const key = plateSearchKey(typed);
  if (matches.length === 0 && scanned.kind === 'number' && key.length >= PLATE_SEARCH_MIN)
    matches = on((queue) => plateSearchKey(queue.truck_license).includes(key));
  if (matches.length === 1) return { kind: 'found', match: matches[0]! };
  if (matches.length > 1)
    return {
      kind: 'several',
      typed:
        scanned.kind === 'number' && matches[0]!.queue.queue_number === scanned.queueNumber
          ? scanned.queueNumber
          : typed,
      matches,
    };
  return { kind: 'notOnCards', scanned, typed };
}
