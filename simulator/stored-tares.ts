import {
  saveStoredTare,
  saveWeighingRules,
  storedTares,
  weighingRules,
} from '@truck-queue/shared/contracts/weighing-rules.contract';
import { finishOnStoredTare, storedTareOf } from '@truck-queue/shared/contracts/station-work.contract';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import type { ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import type { TruckRecord } from './journey.ts';
import type { TruckPlan } from './plan.ts';
import type { Officer } from './plant-setup.ts';

/**
 * Stored tares as the simulator plays them (issue 42, part 5). The plant lets a truck whose
 * vehicle was weighed empty lately finish on that weight instead of weighing out (30 days). Before
 * the day the office records the stored tare of `--stored-tare` % of the delivering trucks'
 * vehicles (weighed empty elsewhere: the truck's empty weight of the day give or take 1 %, to
 * 10 kg), drawn from a stream of the seed's own (the day's plan stays what it was). Those trucks,
 * weighed in full, are not weighed out: the clerk's page offers the vehicle's tare and he finishes
 * on it; net = gross − stored tare on the slip. Every other truck weighed in and out leaves its
 * lighter weighing as its vehicle's stored tare, as the server keeps it.
 *
 * Every tare recorded here is fresh: the server keeps real time, and a run lasts minutes, so an
 * expired tare (the tests move the server's clock: weighing-rules.test.ts) is not played.
 */

/** Days a stored tare stays valid at the simulated plant. */
const STORED_TARE_DAYS = 30;
/** Trucks weighed in and out whose vehicle's kept tare is looked up at the end, at most. */
const KEPT_SAMPLES = 60;

/** The stored tare (kg) of each truck whose vehicle has one, by truck index. */
export function planStoredTares(
  trucks: readonly Pick<TruckPlan, 'index' | 'flow' | 'weighIn' | 'weighOut'>[],
  seed: number,
  percent: number,
): Map<number, number> {
  const random = seededRandom((seed * 7919 + 425) >>> 0);
  const tares = new Map<number, number>();
  for (const truck of trucks) {
    // Only a truck that comes in full and is weighed both ways: the tare stands for its weigh-out.
    const delivering = truck.flow !== 'general' && truck.weighIn > truck.weighOut;
    if (!delivering || !random.chance(percent / 100)) continue;
    tares.set(truck.index, Math.round((truck.weighOut * random.between(0.99, 1.01)) / 10) * 10);
  }
  return tares;
}

export class StoredTares {
  /** Trucks finished on their stored tare: what the page offered and what the slip said. */
  finished = 0;
  readonly wrong: string[] = [];

  constructor(
    private readonly api: ApiClient,
    private readonly tares: ReadonlyMap<number, number>,
  ) {}

  /** The plant allows stored tares; the office records those of the day's vehicles that have one. */
  async keep(admin: Officer, trucks: readonly Pick<TruckPlan, 'index' | 'licence'>[]): Promise<void> {
    const { rules } = await this.api.call(weighingRules, {}, admin);
    await this.api.call(
      saveWeighingRules,
      { stored_tare_allowed: true, stored_tare_days: STORED_TARE_DAYS, gross_limits: rules.gross_limits },
      admin,
    );
    const kept = trucks.filter((t) => this.tares.has(t.index));
    for (let i = 0; i < kept.length; i += 8)
      await Promise.all(
        kept
          .slice(i, i + 8)
          .map((t) =>
            this.api.call(saveStoredTare, { licence: t.licence, kg: this.tares.get(t.index)! }, admin),
          ),
      );
  }

  /** The stored tare the truck is to finish on, or null: it is weighed out. */
  of(index: number): number | null {
    return this.tares.get(index) ?? null;
  }

  /**
   * The clerk finishes the truck on its vehicle's stored tare: his page offers it (allowed, valid,
   * the kilograms the office recorded); the weigh-out is the tare. `change` runs the call as one
   * of the truck's moves. Answers the weigh-out kept.
   */
  async finish(
    record: TruckRecord,
    clerk: Officer,
    change: <T>(run: () => Promise<T>) => Promise<T>,
  ): Promise<number> {
    const kg = this.tares.get(record.plan.index)!;
    const uuid = record.uuid!;
    const offered = await this.api.call(storedTareOf, { uuid }, clerk);
    if (!offered.allowed || !offered.tare?.valid || offered.tare.kg !== kg)
      this.wrong.push(`${record.queueNumber}: the page offered ${JSON.stringify(offered)}, not ${kg} kg`);
    const { queue } = await change(() => this.api.call(finishOnStoredTare, { uuid }, clerk));
    if (queue.weigh_out_kg !== kg || queue.weigh_out_source !== 'stored_tare')
      this.wrong.push(
        `${record.queueNumber}: weighed out ${queue.weigh_out_kg} kg (${queue.weigh_out_source}), not the stored ${kg} kg`,
      );
    this.finished += 1;
    return kg;
  }

  /** Whether the driver's slip shows the weigh-out as the stored tare, with its date. */
  slip(record: TruckRecord, slip: { weigh_out: { source: string }; stored_tare_at: string | null } | null) {
    if (slip && (slip.weigh_out.source !== 'stored_tare' || slip.stored_tare_at === null))
      this.wrong.push(
        `${record.queueNumber}: the slip's weigh-out is ${slip.weigh_out.source}, not the stored tare`,
      );
  }

  /** The checks: each stored-tare truck finished on it; a sample of the others kept their tare. */
  async report(records: readonly TruckRecord[], admin: Officer): Promise<Check[]> {
    const planned = records.filter(
      (r) => this.tares.has(r.plan.index) && r.weighedIn !== null && r.ending === 'finished',
    );
    const weighedOut = records
      .filter((r) => r.weighedIn !== null && r.weighedOut !== null && !this.tares.has(r.plan.index))
      .slice(0, KEPT_SAMPLES);
    const notKept: string[] = [];
    for (const r of weighedOut) {
      const { tares } = await this.api.call(storedTares, { plate: r.plan.licence }, admin);
      const lighter = Math.min(r.weighedIn!, r.weighedOut!);
      const latest = tares[0];
      if (latest?.kg !== lighter || latest.origin !== 'weighing' || latest.queue_number !== r.queueNumber)
        notKept.push(
          `${r.plan.licence}: ${latest ? `${latest.kg} kg (${latest.origin})` : 'none'}, weighed ${lighter}`,
        );
    }
    console.log(
      `Stored tares: ${this.tares.size} vehicles' recorded before the day; ${this.finished} trucks finished on ` +
        `theirs (no weigh-out); ${weighedOut.length} trucks weighed out looked up for the tare they left.`,
    );
    return [
      check(
        "stored tares: each truck with one finished on it, the page offering it, the slip's net gross − tare",
        `${planned.length} (0 wrong)`,
        `${this.finished} (${this.wrong.length} wrong${this.wrong.length ? `: ${this.wrong.slice(0, 2).join('; ')}` : ''})`,
        this.finished === planned.length && this.wrong.length === 0,
      ),
      check(
        "stored tares: a truck weighed in and out left its lighter weighing as its vehicle's tare",
        `${weighedOut.length} of ${weighedOut.length}`,
        `${weighedOut.length - notKept.length} of ${weighedOut.length}${notKept.length ? ` (${notKept.slice(0, 2).join('; ')})` : ''}`,
      ),
    ];
  }
}
