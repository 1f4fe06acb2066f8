import { getCardInProcess, type Ticket } from '@truck-queue/shared/contracts/queue.contract';
import type { ApiClient } from './api-client.ts';
import { issue, type Attempt, type IssueRequest } from './ticket-load.ts';

/** A ticket as Manage Calling lists it. */
export interface ListedTicket {
  typeId: number;
  uuid: string;
  number: string;
  license: string;
  created: string;
}

/** Every waiting ticket of the last three site days that the officer sees in Manage Calling. */
export async function listTickets(api: ApiClient, session: string): Promise<ListedTicket[]> {
  const { card } = await api.call(getCardInProcess, { find_total_day: 3 }, session);
  return card.flatMap((c) =>
    c.queue_number.map((q) => ({
      typeId: c._id,
      uuid: q.uuid,
      number: q.queue_number,
      license: q.truck_license,
      created: q.created,
    })),
  );
}

/** Queue numbers used twice for one queue type on one site day. */
export function duplicateNumbers(tickets: ListedTicket[], timeZone: string): string[] {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone });
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const t of tickets) {
    const key = `${t.typeId} ${day.format(new Date(t.created))} ${t.number}`;
    if (seen.has(key)) twice.push(key);
    seen.add(key);
  }
  return twice;
}

/**
 * What the clients know about their tickets across crashes: the ones the server acknowledged
 * (by licence: each request has its own), and the ones whose answer never came.
 */
export class TicketLedger {
  readonly confirmed = new Map<string, { request: IssueRequest; ticket: Ticket }>();
  readonly unanswered: IssueRequest[] = [];
  readonly refused: Attempt[] = [];
  /** Unanswered requests that turned out committed before the crash / not committed. */
  committedUnanswered = 0;
  lostUnanswered = 0;

  record(attempts: Attempt[]): void {
    for (const { request, outcome } of attempts) {
      if (outcome.kind === 'acked') this.confirmed.set(request.license, { request, ticket: outcome.ticket });
      else if (outcome.kind === 'unknown') this.unanswered.push(request);
      else this.refused.push({ request, outcome });
    }
  }

  /**
   * Problems with the acknowledged tickets in `listed`: each must be there exactly once, with the
   * number and uuid the client was given.
   */
  missingOrChanged(listed: ListedTicket[]): string[] {
    const byLicense = groupByLicense(listed);
    const problems: string[] = [];
    for (const [license, { ticket }] of this.confirmed) {
      const found = byLicense.get(license) ?? [];
      if (found.length !== 1)
        problems.push(`${license} (${ticket.queue_number}) listed ${found.length} times`);
      else if (found[0]!.uuid !== ticket.uuid || found[0]!.number !== ticket.queue_number) {
        problems.push(`${license} was ${ticket.queue_number}, is ${found[0]!.number}`);
      }
    }
    return problems;
  }

  /**
   * Sends every unanswered request again with its idempotency key: a request committed before
   * the crash must get that same ticket back, one that was not must make exactly one.
   * Returns the problems; settled requests become confirmed.
   */
  async retryUnanswered(api: ApiClient, session: string, listed: ListedTicket[]): Promise<string[]> {
    const byLicense = groupByLicense(listed);
    const problems: string[] = [];
    for (const request of this.unanswered.splice(0)) {
      const before = byLicense.get(request.license) ?? [];
      if (before.length > 1) problems.push(`${request.license} committed ${before.length} times`);
      const outcome = await issue(api, session, request);
      if (outcome.kind !== 'acked') {
        problems.push(`retry of ${request.license}: ${JSON.stringify(outcome)}`);
        continue;
      }
      if (before.length === 1) {
        this.committedUnanswered += 1;
        if (outcome.ticket.uuid !== before[0]!.uuid) {
          problems.push(
            `retry of ${request.license} made ${outcome.ticket.queue_number} next to ${before[0]!.number}`,
          );
        }
      } else {
        this.lostUnanswered += 1;
      }
      this.confirmed.set(request.license, { request, ticket: outcome.ticket });
    }
    return problems;
  }
}

function groupByLicense(listed: ListedTicket[]): Map<string, ListedTicket[]> {
  const byLicense = new Map<string, ListedTicket[]>();
  for (const t of listed) byLicense.set(t.license, [...(byLicense.get(t.license) ?? []), t]);
  return byLicense;
}
