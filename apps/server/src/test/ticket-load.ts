import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import type { ApiClient } from './api-client.ts';
import type { IssuableType } from './process-plant.ts';

/** One ticket request as a kiosk sends it: a licence of its own and an idempotency key. */
export interface IssueRequest {
  key: string;
  license: string;
  typeId: number;
  productId: number;
}

export type Outcome =
  /** HTTP 200 with the ticket: the server acknowledged it. */
  | { kind: 'acked'; ticket: Ticket }
  /** Any other HTTP answer. */
  | { kind: 'refused'; status: number; body: unknown }
  /** No answer (the server died, or the connection broke): committed or not, nobody knows. */
  | { kind: 'unknown'; error: string };

export interface Attempt {
  request: IssueRequest;
  outcome: Outcome;
}

export async function issue(api: ApiClient, session: string, request: IssueRequest): Promise<Outcome> {
  try {
    const answer = await api.post(
      'process/printer/issueQueue',
      {
        id_branchQT: request.typeId,
        product: request.productId,
        truck_license: request.license,
        idempotency_key: request.key,
      },
      { session },
    );
    if (answer.status === 200) return { kind: 'acked', ticket: (answer.body as { queue: Ticket }).queue };
    return { kind: 'refused', status: answer.status, body: answer.body };
  } catch (error) {
    return { kind: 'unknown', error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `clients` concurrent officers issue tickets back to back, spread over the queue types, until
 * stopped. `label` makes licences and keys unique across rounds and runs (licences: letters and
 * digits, at most 20 characters).
 */
export function startIssuing(
  api: ApiClient,
  session: string,
  types: IssuableType[],
  options: { clients: number; label: string },
) {
  const attempts: Attempt[] = [];
  let stopped = false;
  let acked = 0;
  const waiters: { count: number; resolve: () => void }[] = [];

  const client = async (c: number) => {
    for (let n = 0; !stopped; n++) {
      const type = types[(c + n) % types.length]!;
      const request: IssueRequest = {
        key: `${options.label}-${c}-${n}`,
        license: `${options.label}C${c}N${n}`,
        typeId: type.id,
        productId: type.productId,
      };
      const outcome = await issue(api, session, request);
      attempts.push({ request, outcome });
      if (outcome.kind === 'acked') acked += 1;
      for (const w of waiters.filter((w) => acked >= w.count)) w.resolve();
      // A broken connection means the server is gone: stop rather than spin on refusals.
      if (outcome.kind === 'unknown') break;
    }
  };
  const loops = Array.from({ length: options.clients }, (_, c) => client(c));

  return {
    attempts,
    /** Resolves once `count` tickets were acknowledged. */
    acknowledged(count: number): Promise<void> {
      if (acked >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    /** No new requests from now on. */
    stop() {
      stopped = true;
    },
    /** Resolves when every client has its last answer (or lack of one). */
    finished: () => Promise.all(loops).then(() => attempts),
  };
}
