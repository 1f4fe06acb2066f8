import type { Socket } from 'socket.io-client';
import { queueInformation, type PublicLineUpdate } from '@truck-queue/shared/contracts/public-queue.contract';
import {
  accuracyOf,
  etaAccuracy,
  quantile,
  type EtaAccuracy,
  type EtaAccuracyFigures,
  type EtaReading,
} from '@truck-queue/shared/queue/eta-accuracy';
import type { ApiClient } from './api-client.ts';
import type { Ledger } from './ledger.ts';
import { publicSocket } from './sockets.ts';

/**
 * The expected wait as drivers read it (issue 21), measured: every truck's page is read at its
 * issue, then follows its ticket on /public as a phone does (issue 35: the server pushes each
 * page its place whenever its line moves), until the truck's first call. Each reading's range
 * (the page read, and every place pushed) is then set against the time the truck really waited
 * from that reading to its call, in simulated minutes: the server reads its history on the
 * simulated clock (ETA_TIME_SCALE, server.ts), so its minutes are the simulator's.
 */

/** One page read: when (real ms, the middle of the request) and the range it showed, or null. */
interface Reading {
  at: number;
  wait: { low: number; high: number } | null;
  atIssue: boolean;
  /** Where the truck stood then (TruckStanding): which part of its way the range had to foretell. */
  standing: string;
}

/** Where a truck stood at a reading, as the simulator knows it (the server only infers it). */
export type TruckStanding =
  | 'parked'
  | 'before the lab'
  | 'in the lab'
  | 'result out'
  | 'in line'
  /** The ruled line: in line, of its class. */
  | `in line, ${string}`;

/** One flow's readings taken where its trucks stood: which part of the way the ranges miss. */
export interface StandingFigures {
  flow: string;
  standing: string;
  figures: EtaAccuracyFigures;
  /** The median of (real wait − the range's middle): above 0 the range was too soon, below too late. */
  medianBiasMin: number | null;
}

interface Followed {
  uuid: string;
  flow: string;
  typeId: number;
  readings: Reading[];
  /** The first call (real ms, the middle of the doCalling's round trip); null before it, or never. */
  calledAt: number | null;
  /** Its page's live connection, until the call. */
  socket: Socket | null;
  standing: () => TruckStanding;
}

export interface EtaSummary {
  /** Trucks read at their issue, and those of them called (the others were rejected at the lab). */
  trucks: number;
  called: number;
  /**
   * The called trucks' readings against their real waits (shared/queue/eta-accuracy.ts), but
   * those taken while the truck was parked for the night.
   */
  accuracy: EtaAccuracy;
  /** The same readings by flow and where the truck stood when read. */
  byStanding: StandingFigures[];
}

export class EtaWatch {
  private readonly trucks = new Map<string, Followed>();
  private stopped = false;

  constructor(
    private readonly api: ApiClient,
    private readonly ledger: Ledger,
    /** Simulated seconds per real second. */
    private readonly accel: number,
  ) {}

  private record(
    truck: Followed,
    at: number,
    place: Pick<PublicLineUpdate, 'ahead' | 'expected_wait'>,
    atIssue: boolean,
  ) {
    // A reading after the call (its answer raced the call) says nothing about the wait.
    if (truck.calledAt !== null && at >= truck.calledAt) return;
    if (place.ahead === null) return;
    truck.readings.push({ at, wait: place.expected_wait, atIssue, standing: truck.standing() });
  }

  /**
   * A ticket was issued: its page is read at once, then follows the places pushed until its
   * call. `standing` says where the truck stands at each reading.
   */
  async issued(uuid: string, typeId: number, flow: string, standing: () => TruckStanding): Promise<void> {
    if (this.stopped) return;
    const truck: Followed = { uuid, flow, typeId, readings: [], calledAt: null, socket: null, standing };
    this.trucks.set(uuid, truck);
    const sent = Date.now();
    const { queue } = await this.api.call(queueInformation, { queue_number_id: uuid }, null);
    this.record(truck, (sent + Date.now()) / 2, queue, true);
    if (truck.calledAt !== null || this.stopped) return;
    truck.socket = await publicSocket(
      this.api.baseUrl,
      uuid,
      `driver's page of ${queue.queue_number}`,
      this.ledger,
      (socket) =>
        socket.on('line', (place: PublicLineUpdate) => this.record(truck, Date.now(), place, false)),
    );
    // Called (or stopped) while connecting.
    if (truck.calledAt !== null || this.stopped) this.close(truck);
  }

  private close(truck: Followed): void {
    truck.socket?.disconnect();
    truck.socket = null;
  }

  /** The truck's first call, sent at `from` and answered at `to` (real ms): its page stops following. */
  called(uuid: string, from: number, to: number): void {
    const truck = this.trucks.get(uuid);
    if (!truck || truck.calledAt !== null) return;
    truck.calledAt = (from + to) / 2;
    this.close(truck);
  }

  stop(): Promise<void> {
    this.stopped = true;
    for (const truck of this.trucks.values()) this.close(truck);
    return Promise.resolve();
  }

  /** The called trucks' readings, each against the simulated minutes from it to the truck's first call. */
  summary(): EtaSummary {
    const all = [...this.trucks.values()];
    const called = all.filter((t) => t.calledAt !== null);
    const readings = called.flatMap((t) =>
      t.readings.map((reading) => ({
        flow: t.flow,
        atIssue: reading.atIssue,
        range: reading.wait,
        waitedMin: ((t.calledAt! - reading.at) * this.accel) / 60_000,
        standing: reading.standing,
      })),
    );
    // A driver who parks for the night by his own choice is called when he comes back, which no
    // forecast of the plant can know: his readings meanwhile are shown apart (byStanding), not
    // held to the targets.
    const going = readings.filter((r) => r.standing !== 'parked');
    return {
      trucks: all.length,
      called: called.length,
      accuracy: etaAccuracy(going),
      byStanding: byStanding(readings),
    };
  }
}

function byStanding(readings: (EtaReading & { standing: string })[]): StandingFigures[] {
  const groups = new Map<string, (EtaReading & { standing: string })[]>();
  for (const reading of readings) {
    const key = `${reading.flow}\u0000${reading.standing}`;
    const group = groups.get(key);
    if (group) group.push(reading);
    else groups.set(key, [reading]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, of]) => {
      const [flow, standing] = key.split('\u0000') as [string, string];
      const biases = of
        .filter((r) => r.range !== null)
        .map((r) => r.waitedMin - (r.range!.low + r.range!.high) / 2)
        .sort((a, b) => a - b);
      return { flow, standing, figures: accuracyOf(of), medianBiasMin: quantile(biases, 0.5) };
    });
}
