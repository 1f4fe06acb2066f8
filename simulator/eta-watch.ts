import { queueInformation } from '@truck-queue/shared/contracts/public-queue.contract';
import type { ApiClient } from './api-client.ts';
import { Screen } from './screen.ts';

/**
 * The expected wait as drivers read it (issue 21), measured: every truck's page is read at its
 * issue and again at each change of its line (its queue type's: a ticket, a call, the lab, a
 * weighing... anywhere in the line), as a phone that follows the ticket refetches it, until the
 * truck's first call. Each reading's range is then set against the time the truck really waited
 * from that reading to its call, in simulated minutes: the server reads its history on the
 * simulated clock (ETA_TIME_SCALE, server.ts), so its minutes are the simulator's.
 */

/** One page read: when (real ms, the middle of the request) and the range it showed, or null. */
interface Reading {
  at: number;
  wait: { low: number; high: number } | null;
  atIssue: boolean;
}

interface Followed {
  uuid: string;
  flow: string;
  typeId: number;
  readings: Reading[];
  /** The first call (real ms, the middle of the doCalling's round trip); null before it, or never. */
  calledAt: number | null;
}

/** A page refetches at most this often (a driver's phone does so once a second: displays.ts). */
const REFETCH_GAP_MS = 1000;

/** The error and coverage figures over a set of readings (minutes are simulated ones). */
export interface EtaFigures {
  readings: number;
  /** Readings that showed no range (the type's history said nothing yet). */
  noEstimate: number;
  medianAbsErrorMin: number | null;
  /** Share of the readings with a range whose truck was called inside it (0–1). */
  inside: number | null;
  medianWaitMin: number | null;
}

export interface EtaSummary {
  /** Trucks read at their issue, and those of them called (the others were rejected at the lab). */
  trucks: number;
  called: number;
  rows: { label: string; atIssue: EtaFigures; every: EtaFigures }[];
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export class EtaWatch {
  private readonly trucks = new Map<string, Followed>();
  /** Each queue type's line: its trucks not yet called, re-read after each of its changes. */
  private readonly lines = new Map<number, { waiting: Set<Followed>; screen: Screen }>();
  private stopped = false;

  constructor(
    private readonly api: ApiClient,
    /** Simulated seconds per real second. */
    private readonly accel: number,
  ) {}

  private async read(truck: Followed, atIssue: boolean): Promise<void> {
    const sent = Date.now();
    const { queue } = await this.api.call(queueInformation, { queue_number_id: truck.uuid }, null);
    const at = (sent + Date.now()) / 2;
    // A page read after the call (its answer raced the call) says nothing about the wait.
    if (truck.calledAt !== null && at >= truck.calledAt) return;
    if (queue.ahead === null) return;
    truck.readings.push({ at, wait: queue.expected_wait, atIssue });
  }

  private lineOf(typeId: number) {
    let line = this.lines.get(typeId);
    if (!line) {
      const waiting = new Set<Followed>();
      const screen = new Screen(async () => {
        await Promise.all([...waiting].map((truck) => this.read(truck, false)));
      }, REFETCH_GAP_MS);
      line = { waiting, screen };
      this.lines.set(typeId, line);
    }
    return line;
  }

  /** A ticket was issued: its page is read at once, and after each change of its line until its call. */
  async issued(uuid: string, typeId: number, flow: string): Promise<void> {
    if (this.stopped) return;
    const truck: Followed = { uuid, flow, typeId, readings: [], calledAt: null };
    this.trucks.set(uuid, truck);
    await this.read(truck, true);
    this.lineOf(typeId).waiting.add(truck);
  }

  /** Something changed in a queue type's line: its waiting trucks' pages refetch. */
  changed(typeId: number): void {
    if (!this.stopped) this.lines.get(typeId)?.screen.poke();
  }

  /** The truck's first call, sent at `from` and answered at `to` (real ms). */
  called(uuid: string, from: number, to: number): void {
    const truck = this.trucks.get(uuid);
    if (!truck || truck.calledAt !== null) return;
    truck.calledAt = (from + to) / 2;
    this.lines.get(truck.typeId)?.waiting.delete(truck);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.lines.values()].map((line) => line.screen.stop()));
  }

  private figures(readings: { reading: Reading; calledAt: number }[]): EtaFigures {
    const errors: number[] = [];
    const waits: number[] = [];
    let inside = 0;
    let noEstimate = 0;
    for (const { reading, calledAt } of readings) {
      const waited = ((calledAt - reading.at) * this.accel) / 60_000;
      waits.push(waited);
      if (!reading.wait) {
        noEstimate++;
        continue;
      }
      errors.push(Math.abs(waited - (reading.wait.low + reading.wait.high) / 2));
      if (waited >= reading.wait.low && waited <= reading.wait.high) inside++;
    }
    return {
      readings: readings.length,
      noEstimate,
      medianAbsErrorMin: median(errors),
      inside: errors.length > 0 ? inside / errors.length : null,
      medianWaitMin: median(waits),
    };
  }

  /** The figures of the called trucks: all of them, then each flow. */
  summary(): EtaSummary {
    const all = [...this.trucks.values()];
    const called = all.filter((t) => t.calledAt !== null);
    const rowOf = (label: string, trucks: Followed[]) => {
      const readings = trucks.flatMap((t) =>
        t.readings.map((reading) => ({ reading, calledAt: t.calledAt! })),
      );
      return {
        label,
        atIssue: this.figures(readings.filter((r) => r.reading.atIssue)),
        every: this.figures(readings),
      };
    };
    const flows = [...new Set(called.map((t) => t.flow))].sort();
    return {
      trucks: all.length,
      called: called.length,
      rows: [
        rowOf('all flows', called),
        ...flows.map((flow) =>
          rowOf(
            `${flow} flow`,
            called.filter((t) => t.flow === flow),
          ),
        ),
      ],
    };
  }
}
