/**
 * Everything the simulator counts while the day runs: errors (anything it did not intend),
 * the slips it made on purpose, the latency of every call, and the queue changes and calls the
 * sockets must have heard about.
 */

/** A call of a truck to a station, as a display must announce it. */
export interface ExpectedCall {
  queueNumber: string;
  action: 'call' | 'recheck';
  stationId: number;
  queueTypeId: number;
}

export const callKey = (c: { queueNumber: string; action: string; stationId: number }) =>
  `${c.queueNumber} ${c.action} @${c.stationId}`;

/**
 * One action at a counter (lab, weighbridge, gate) by a typed number: the truck meant, when it
 * was sent and answered (real ms), whom the server's answer says it moved, and, when several
 * trucks inside held the number (AMBIGUOUS_NUMBER), the others the server offered.
 */
export interface CounterAction {
  path: string;
  queueNumber: string;
  uuid: string;
  sentAt: number;
  answeredAt: number;
  /** The uuid of the queue in the answer; null for a slip that had to be refused. */
  actedOn: string | null;
  /** The other candidates' uuids when the officer had to choose; null when the number sufficed. */
  otherCandidates: string[] | null;
}

const SHOWN_ERRORS = 25;

export class Ledger {
  readonly errors: string[] = [];
  /** Slips the simulator made on purpose (a double click, a retry...) and the server's right answer, counted. */
  readonly slips = new Map<string, number>();
  readonly latencies = new Map<string, number[]>();
  /** Committed queue changes: each one is a refreshUI on every staff socket in the branch room. */
  changes = 0;
  readonly calls: ExpectedCall[] = [];
  readonly counterActions: CounterAction[] = [];

  error(message: string): void {
    this.errors.push(message);
    if (this.errors.length <= SHOWN_ERRORS) console.error(`  ! ${message}`);
    else if (this.errors.length === SHOWN_ERRORS + 1)
      console.error('  ! (further errors counted, not shown)');
  }

  slip(what: string): void {
    this.slips.set(what, (this.slips.get(what) ?? 0) + 1);
  }

  latency(what: string, ms: number): void {
    let list = this.latencies.get(what);
    if (!list) this.latencies.set(what, (list = []));
    list.push(ms);
  }

  changed(call?: ExpectedCall): void {
    this.changes++;
    if (call) this.calls.push(call);
  }

  counterAction(action: CounterAction): void {
    this.counterActions.push(action);
  }

  /** Counter actions where the officer had to pick the truck among several holding its number. */
  get picks(): CounterAction[] {
    return this.counterActions.filter((a) => a.otherCandidates !== null);
  }

  allLatencies(filter: (what: string) => boolean): number[] {
    return [...this.latencies].filter(([what]) => filter(what)).flatMap(([, list]) => list);
  }
}
