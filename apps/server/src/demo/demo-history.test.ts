import { describe, expect, it } from 'vitest';
import { wallClock } from '@truck-queue/shared/plant-day';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import {
  historyEvents,
  holdMs,
  planHistory,
  stationsOpen,
  type DemoQueueType,
  type DemoTruck,
} from './demo-history.ts';

const ZONE = 'Asia/Bangkok';
// A Tuesday morning (10:30 on the site's clock), and a night shift's small hours (03:00).
const MORNING = new Date('2026-11-24T03:30:00Z');
const NIGHT = new Date('2026-12-01T20:00:00Z');
const TYPES: DemoQueueType[] = [
  {
    id: 1,
    flowEngineId: FLOW_ENGINE.lab,
    productIds: [1, 2],
    share: 0.55,
    callStations: [11, 12],
    recheckStations: [13],
  },
  {
    id: 2,
    flowEngineId: FLOW_ENGINE.standard,
    productIds: [3],
    share: 0.35,
    callStations: [14, 15],
    recheckStations: [],
  },
  {
    id: 3,
    flowEngineId: FLOW_ENGINE.general,
    productIds: [4],
    share: 0.1,
    callStations: [16],
    recheckStations: [],
  },
];
const plan = (now: Date) =>
  planHistory({ types: TYPES, reasons: { recheck: [1], reject: [2] }, siteTimeZone: ZONE, now, days: 14 })
    .trucks;

const MINUTE = 60_000;
const finishOf = (t: DemoTruck) => t.call!.at.getTime() + holdMs(t);
const waitMinutes = (t: DemoTruck) => (t.call!.at.getTime() - t.ready!.getTime()) / MINUTE;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("the demo's desks", () => {
  it.each([
    ['a morning', MORNING],
    ['a night shift', NIGHT],
  ] as const)(
    '%s: each open station calls the first truck that may go when it frees, one truck at a time',
    (_, now) => {
      const trucks = plan(now);
      for (const type of TYPES) {
        const mine = trucks.filter((t) => t.type === type);
        const called = mine.filter((t) => t.call !== null);
        // Every truck that may be called is, and only those (the lab's rejects and the overnight trucks never).
        expect(called.length).toBe(mine.filter((t) => t.ready !== null).length);
        expect(called.length).toBeGreaterThan(20);
        for (const truck of called) {
          // Called once it may be, by a station open at that hour.
          expect(truck.call!.at.getTime()).toBeGreaterThanOrEqual(truck.ready!.getTime());
          const index = type.callStations.indexOf(truck.call!.stationId);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(stationsOpen(type, wallClock(truck.call!.at, ZONE).hour));
          // In line: no truck ticketed before it and ready was still waiting.
          const skipped = called.filter(
            (t) => t.arrival < truck.arrival && t.ready! <= truck.call!.at && t.call!.at > truck.call!.at,
          );
          expect(skipped).toEqual([]);
        }
        // A station holds one truck at a time, from its call to its finish.
        for (const station of type.callStations) {
          const holds = called
            .filter((t) => t.call!.stationId === station)
            .map((t) => [t.call!.at.getTime(), finishOf(t)] as const)
            .sort((a, b) => a[0] - b[0]);
          for (let i = 1; i < holds.length; i++)
            expect(holds[i]![0]).toBeGreaterThanOrEqual(holds[i - 1]![1]);
        }
        // No open station stands idle while a truck waits: at every ticket, result, finish and hour.
        const instants = new Set<number>();
        for (const t of called) instants.add(t.ready!.getTime()).add(finishOf(t));
        for (const x of instants) {
          const waiting = called.some((t) => t.ready!.getTime() <= x && t.call!.at.getTime() > x);
          if (!waiting) continue;
          const open = stationsOpen(type, wallClock(new Date(x), ZONE).hour);
          const busy = type.callStations
            .slice(0, open)
            .filter((s) =>
              called.some((t) => t.call!.stationId === s && t.call!.at.getTime() <= x && finishOf(t) > x),
            );
          expect(busy.length).toBe(open);
        }
      }
    },
  );

  it("makes a plant's waits: minutes to a few hours from the result or the ticket to the call, not none, not days", () => {
    for (const now of [MORNING, NIGHT]) {
      const trucks = plan(now);
      for (const type of TYPES.slice(0, 2)) {
        const waits = trucks.filter((t) => t.type === type && t.call).map(waitMinutes);
        expect(median(waits)).toBeGreaterThan(10);
        expect(median(waits)).toBeLessThan(90);
        expect(Math.max(...waits)).toBeLessThan(6 * 60);
      }
      // The office's visitors are few: most go in at once; the night shift's wait for its hours (07:00).
      const visitors = trucks.filter((t) => t.type === TYPES[2] && t.call).map(waitMinutes);
      expect(median(visitors)).toBeLessThan(10);
      expect(Math.max(...visitors)).toBeLessThan(7 * 60);
    }
  });

  it("shows today's trucks inside whenever the gate is open, a quiet Sunday too", () => {
    // 2026-11-22 is a Sunday, 2026-11-24 a Tuesday; 08:00 to 17:00 in Bangkok (UTC+7).
    for (const day of ['2026-11-22', '2026-11-24'])
      for (let hour = 8; hour <= 17; hour++) {
        const now = new Date(`${day}T${String(hour - 7).padStart(2, '0')}:00:00Z`);
        const trucks = plan(now);
        const out = new Set(
          historyEvents(trucks, now)
            .filter((e) => e.step.command.kind === 'exit')
            .map((e) => e.truck),
        );
        const todays = trucks.filter((t) => t.arrival.getTime() > now.getTime() - hour * 3_600_000);
        expect(todays.filter((t) => !out.has(t)).length, `${day} ${hour}:00`).toBeGreaterThan(0);
      }
  });

  it('tells the same story every time', () => {
    const calls = (trucks: DemoTruck[]) =>
      trucks.map((t) => [t.license, t.call?.at.getTime(), t.call?.stationId]);
    expect(calls(plan(MORNING))).toEqual(calls(plan(MORNING)));
  });
});
