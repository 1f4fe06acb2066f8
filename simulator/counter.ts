import { ApiErrorSchema, type BodyOf, type ResponseOf } from '@truck-queue/shared/contracts/api';
import type {
  captureWeight,
  exitFactory,
  labAccept,
  labCompleted,
  weighIn,
  weighOut,
} from '@truck-queue/shared/contracts/station-work.contract';
import { CallFailed, type Answer, type ApiClient, type Credentials } from './api-client.ts';
import type { Ledger } from './ledger.ts';

/**
 * The lab, the weighbridge and the gate: the officer types the truck's number. When several
 * trucks inside hold it (a truck of the earlier plant day and one of the new day, after the
 * numbers restarted), the server refuses with AMBIGUOUS_NUMBER and lists them; the officer picks
 * his truck (by its licence; the simulator by its uuid, the same choice) and sends the action
 * again with the uuid. Every other refusal stays an error. Each action goes in the ledger, with
 * the truck the answer says was moved.
 */

export type CounterContract =
  | typeof labAccept
  | typeof labCompleted
  | typeof weighIn
  | typeof weighOut
  | typeof captureWeight
  | typeof exitFactory;

/** The truck the officer means. */
export interface MeantTruck {
  uuid: string;
  queueNumber: string;
}

export interface Counter {
  api: ApiClient;
  ledger: Ledger;
  officer: Credentials;
}

interface Typed<C extends CounterContract> {
  answer: Answer;
  /** The body of the last request: the typed number, and the picked uuid after a choice. */
  sent: BodyOf<C>;
  otherCandidates: string[] | null;
  sentAt: number;
  /** When the typed number was resolved (the first answer). */
  answeredAt: number;
}

async function typeNumber<C extends CounterContract>(
  counter: Counter,
  contract: C,
  body: BodyOf<C>,
  truck: MeantTruck,
): Promise<Typed<C>> {
  const { api, ledger, officer } = counter;
  const sentAt = Date.now();
  const first = await api.post(contract, body, officer);
  const answeredAt = Date.now();
  const refusal = first.status === 409 ? ApiErrorSchema.safeParse(first.json) : null;
  if (!refusal?.success || refusal.data.reason !== 'AMBIGUOUS_NUMBER') {
    return { answer: first, sent: body, otherCandidates: null, sentAt, answeredAt };
  }
  const candidates = refusal.data.candidates ?? [];
  if (!candidates.some((c) => c.uuid === truck.uuid)) {
    const offered = candidates
      .map((c) => `${c.queue_number} ${c.truck_license} (${c.queue_date})`)
      .join(', ');
    const message = `${contract.path} ${truck.queueNumber}: the chooser offers ${offered || 'nothing'}, not the truck meant`;
    ledger.error(message);
    throw new CallFailed(message);
  }
  const sent = { ...body, uuid: truck.uuid } as BodyOf<C>;
  return {
    answer: await api.post(contract, sent, officer),
    sent,
    otherCandidates: candidates.filter((c) => c.uuid !== truck.uuid).map((c) => c.uuid),
    sentAt,
    answeredAt,
  };
}

/** An action at a counter that must go through, on the truck meant. */
export async function counterAction<C extends CounterContract>(
  counter: Counter,
  contract: C,
  body: BodyOf<C>,
  truck: MeantTruck,
): Promise<ResponseOf<C>> {
  const typed = await typeNumber(counter, contract, body, truck);
  const data = counter.api.expectOk(contract, typed.sent, typed.answer);
  const actedOn = (data as { queue: { uuid: string } }).queue.uuid;
  counter.ledger.counterAction({
    path: contract.path,
    queueNumber: truck.queueNumber,
    uuid: truck.uuid,
    sentAt: typed.sentAt,
    answeredAt: typed.answeredAt,
    actedOn,
    otherCandidates: typed.otherCandidates,
  });
  if (actedOn !== truck.uuid) {
    counter.ledger.error(
      `${contract.path} ${truck.queueNumber}: moved the ticket ${actedOn}, not ${truck.uuid}`,
    );
  }
  return data;
}

/**
 * An action on the truck a page named by its uuid (a camera's read, or the officer's choice on
 * it): nothing is typed, so there is no number to choose by; it must move that truck.
 */
export async function uuidAction<C extends CounterContract>(
  counter: Counter,
  contract: C,
  body: BodyOf<C>,
  truck: MeantTruck,
): Promise<ResponseOf<C>> {
  const data = await counter.api.call(contract, body, counter.officer);
  const actedOn = (data as { queue: { uuid: string } }).queue.uuid;
  if (actedOn !== truck.uuid) {
    counter.ledger.error(`${contract.path} by uuid ${truck.uuid}: moved the ticket ${actedOn}`);
  }
  return data;
}
