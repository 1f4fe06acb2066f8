/**
 * What the truck chose: the ticket request without its key. A queue type, a product and the
 * licence; or a booking's code, with the plate it gave ('' where the booking names it).
 */
export type TicketChoice =
  | { kind: 'walk_in'; queueTypeId: number; productId: number; licence: string }
  | { kind: 'booking'; code: string; licence: string };

/**
 * One attempt at a ticket: its idempotency key and the choice it was made for. The key is
 * made when the truck confirms and sent again on every retry of that same choice, so a request
 * whose answer was lost never issues a second ticket (the server answers a repeated key with
 * the ticket it already issued).
 */
export interface TicketAttempt {
  key: string;
  choice: TicketChoice;
}

export function sameChoice(a: TicketChoice, b: TicketChoice): boolean {
  if (a.kind === 'booking') return b.kind === 'booking' && a.code === b.code && a.licence === b.licence;
  return (
    b.kind === 'walk_in' &&
    a.queueTypeId === b.queueTypeId &&
    a.productId === b.productId &&
    a.licence === b.licence
  );
}

/**
 * The attempt to send for `choice`: the pending one when it is for the same choice (a retry,
 * or the same truck back after the screen went idle), else a new one with a new key. A changed
 * choice is a different request: reusing the key would return the earlier choice's ticket.
 */
export function attemptFor(
  pending: TicketAttempt | null,
  choice: TicketChoice,
  newKey: () => string,
): TicketAttempt {
  if (pending && sameChoice(pending.choice, choice)) return pending;
  return { key: newKey(), choice };
}

export type AttemptOutcome = 'issued' | 'unreachable' | 'refused';

/**
 * The attempt kept after an answer. Issued: done, the next truck gets a new key. Unreachable:
 * kept, the retry must send the same key. Refused (the server answered, no ticket was made):
 * kept too, harmless, since the server made nothing under that key.
 */
export function attemptAfter(attempt: TicketAttempt, outcome: AttemptOutcome): TicketAttempt | null {
  return outcome === 'issued' ? null : attempt;
}
