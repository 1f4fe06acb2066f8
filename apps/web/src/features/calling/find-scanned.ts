import type { CardQueue, ProcessCard } from '@truck-queue/shared/contracts/queue.contract';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { parseScannedText, type ScannedText } from '@truck-queue/shared/scan/scanned-text';

/** A truck on one of the officer's cards. */
export interface CardMatch {
  card: ProcessCard;
  queue: CardQueue;
}

/**
 * What Manage Calling's scan box found among the officer's cards. A ticket code or a QR code
 * names one ticket; a typed number may be held by two trucks when the cards show three days.
 */
export type ScanMatch =
  | { kind: 'found'; match: CardMatch }
  | { kind: 'several'; queueNumber: string; matches: CardMatch[] }
  /** On a card of the general flow, which is called on the queue list by flow, not here. */
  | { kind: 'generalFlow'; match: CardMatch }
  /** Not on the officer's cards: unknown, finished or gone, another queue type, or an older day. */
  | { kind: 'notOnCards'; scanned: Extract<ScannedText, { kind: 'number' | 'ticketCode' | 'uuid' }> }
  | { kind: 'unreadable'; scanned: Extract<ScannedText, { kind: 'misread' | 'foreignLink' }> }
  | { kind: 'empty' };

export function findScanned(cards: readonly ProcessCard[], text: string): ScanMatch {
  const scanned = parseScannedText(text);
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
  const matches = cards.flatMap((card) => card.queue_number.filter(named).map((queue) => ({ card, queue })));
  const shown = matches.filter((m) => m.card.flow_engine_id !== FLOW_ENGINE.general);
  if (shown.length === 1) return { kind: 'found', match: shown[0]! };
  if (shown.length > 1) return { kind: 'several', queueNumber: shown[0]!.queue.queue_number, matches: shown };
  if (matches[0]) return { kind: 'generalFlow', match: matches[0] };
  return { kind: 'notOnCards', scanned };
}
