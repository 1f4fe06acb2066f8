import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  calledTrucks,
  CallLine,
  serviceSeconds,
  SERVICE_REAL_OVERHEAD_MS,
  stationsFor,
} from './call-lines.ts';
import { planDay, WINDOWS, windowSeconds } from './plan.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a call line served in order', () => {
  it('has each free station call the first truck waiting, and the next when it is released', async () => {
    // The line's clock, held still and then moved (a real one may tick between two joins).
    let clock = 1_000;
    const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    onTestFinished(() => now.mockRestore());
    const line = new CallLine([11, 12]);
    const called: string[] = [];
    const turn = (truck: string) =>
      line.turn().then((station) => (called.push(`${truck}@${station}`), station));
    const a = turn('a');
    const b = turn('b');
    // Called at once: they did not wait.
    expect(line.longest.count).toBe(0);
    void turn('c');
    await Promise.all([a, b]);
    expect(called).toEqual(['a@11', 'b@12']);
    expect(line.longest.count).toBe(1);
    // Station 12 is free first, 5 ms on: it calls the first truck still waiting.
    clock += 5;
    line.release(12);
    await sleep(0);
    expect(called).toEqual(['a@11', 'b@12', 'c@12']);
    // Each truck's wait from joining to its call: a and b none, c the 5 ms until the release.
    expect(line.waitsMs).toEqual([0, 0, 5]);
  });

  it('calls the first truck on the cards that may be called, not the first to become ready', async () => {
    const line = new CallLine([1]);
    await line.turn({ place: 1 });
    const order: string[] = [];
    // The lab read truck 5's result first, then truck 3's: the desk calls 3 first, by its ticket.
    void line.turn({ place: 5 }).then(() => order.push('ticket 5'));
    void line.turn({ place: 3 }).then(() => order.push('ticket 3'));
    line.release(1);
    await sleep(0);
    expect(order).toEqual(['ticket 3']);
    line.release(1);
    await sleep(0);
    expect(order).toEqual(['ticket 3', 'ticket 5']);
  });

  it('calls a driver who did not come again first, once his guard has passed', async () => {
    const line = new CallLine([1]);
    await line.turn();
    const order: string[] = [];
    void line.turn().then(() => order.push('next'));
    void line.turn({ front: true, notBefore: Date.now() + 50 }).then(() => order.push('recalled'));
    line.release(1);
    await sleep(10);
    // The guard has not passed: the station serves the next truck meanwhile.
    expect(order).toEqual(['next']);
    line.release(1);
    await sleep(80);
    expect(order).toEqual(['next', 'recalled']);
    // The recall's wait is the server's guard, not the line's: only the two first calls count.
    expect(line.waitsMs).toHaveLength(2);
  });

  it('refuses the trucks still waiting when it is closed', async () => {
    const line = new CallLine([1]);
    await line.turn();
    const waiting = line.turn();
    line.close('time-out');
    await expect(waiting).rejects.toThrow('time-out');
    await expect(line.turn()).rejects.toThrow('time-out');
  });
});

describe('the harvest plant', () => {
  it('has stations for more than the average hour and fewer than the peak asks', () => {
    const window = WINDOWS['24h'];
    const plan = planDay(3000, 1, window);
    const accel = 240;
    const stations = stationsFor(plan, window, accel);
    for (const flow of ['lab', 'standard', 'general'] as const) {
      const served = calledTrucks(plan, flow);
      const hold =
        served.reduce((s, t) => s + serviceSeconds(t), 0) / served.length +
        (SERVICE_REAL_OVERHEAD_MS / 1000) * accel;
      // Trucks an hour the line's stations serve, against its average hour and its peak hours (2.4 times).
      const capacity = (stations[flow] * 3600) / hold;
      const average = (served.length * 3600) / windowSeconds(window);
      expect(capacity).toBeGreaterThan(average);
      expect(capacity).toBeLessThan(average * 2);
    }
  });
});

describe('the day and the night plant', () => {
  it.each(['day', 'night'] as const)(
    "%s: has stations for each line's busiest hour, not for twice it",
    (name) => {
      const window = WINDOWS[name];
      const plan = planDay(1000, 1, window);
      const accel = 240;
      const stations = stationsFor(plan, window, accel);
      const weights = window.hourlyWeight;
      const busiestShare = Math.max(...weights) / weights.reduce((a, b) => a + b, 0);
      for (const flow of ['lab', 'standard', 'general'] as const) {
        const served = calledTrucks(plan, flow);
        const hold =
          served.reduce((s, t) => s + serviceSeconds(t), 0) / served.length +
          (SERVICE_REAL_OVERHEAD_MS / 1000) * accel;
        const capacity = (stations[flow] * 3600) / hold;
        const busiest = served.length * busiestShare;
        expect(capacity).toBeGreaterThan(busiest);
        expect(capacity).toBeLessThan(busiest * 2);
      }
    },
  );
});
