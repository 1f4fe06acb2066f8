import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random.ts';
import {
  drawRemaining,
  forecastLine,
  goingOn,
  historyEnough,
  playLine,
  type LineHistory,
  type LineNow,
  type LineTruck,
} from './line-forecast.ts';

const ready = (id: number, minutes = 0): LineTruck => ({ id, stage: { kind: 'ready', minutes } });
/** Every service takes exactly `minutes`: the play has one outcome. */
const fixed = (minutes: number, lab: Partial<LineHistory> = {}): LineHistory => ({
  serviceMinutes: Array(10).fill(minutes),
  toLabMinutes: [],
  labMinutes: [],
  recheckMinutes: [],
  readyToCallMinutes: [],
  freeToCallMinutes: [],
  rejectShare: 0,
  recheckShare: 0,
  ...lab,
});
const play = (now: LineNow, history: LineHistory) => {
  const calls = new Float64Array(now.line.length);
  playLine(now, history, seededRandom(1).next, calls);
  return [...calls];
};

describe('the rest of a time already under way', () => {
  const sorted = [10, 20, 30, 40];
  it('is drawn from the past times longer than what has run, less what has run', () => {
    const random = seededRandom(3).next;
    const draws = Array.from({ length: 200 }, () => drawRemaining(sorted, 25, random));
    expect(new Set(draws)).toEqual(new Set([5, 15]));
  });
  it('is soon when it has run past every past time', () => {
    const random = seededRandom(3).next;
    for (let i = 0; i < 50; i++) expect(drawRemaining(sorted, 60, random)).toBeLessThan(0.25 * 30 + 1e-9);
  });
});

describe('one play of the line', () => {
  it('calls the trucks in order as the stations free', () => {
    // Two stations: one free, one 4 minutes into a 10-minute service.
    const now = { stations: [null, 4], line: [ready(1), ready(2), ready(3), ready(4)] };
    expect(play(now, fixed(10))).toEqual([0, 6, 10, 16]);
  });

  it('leaves out a truck before the lab far longer than any truck took to reach it (its driver away), and gives it no range', () => {
    const history = fixed(10, { labMinutes: Array(10).fill(30), toLabMinutes: Array(10).fill(5) });
    const beforeLab = (id: number, minutes: number): LineTruck => ({
      id,
      stage: { kind: 'before-lab', minutes },
    });
    // Truck 1 has not reached the lab in 4 hours (the longest way there took 5 minutes); truck 2
    // is 3 minutes on its way: it reaches the lab in 2 and is ready 30 later.
    const now = { stations: [null], line: [beforeLab(1, 240), beforeLab(2, 3), ready(3)] };
    expect(play(now, history)).toEqual([NaN, 32, 0]);
    const ranges = forecastLine(now, history, { random: seededRandom(2).next });
    expect(ranges.get(1)).toBeNull();
    expect(ranges.get(2)).toMatchObject({ low: 32, high: 32 });
    // Twice the longest way is still on its way: it holds its place (overdue, it comes soon).
    expect(play({ ...now, line: [beforeLab(1, 10), ready(3)] }, history)[0]).toBeLessThan(10 + 30 + 2);
  });

  it("draws a new truck's way to the lab from the drivers who went on, not from those who parked for hours", () => {
    // Twenty ways of 5 to 15 minutes, and six drivers who slept in the cab for five hours.
    const ways = [...Array.from({ length: 20 }, (_, i) => 5 + i / 2), ...Array(6).fill(300)];
    expect(goingOn(ways)).toEqual(ways.slice(0, 20));
    // Too few ways to tell: all are kept.
    expect(goingOn([5, 6, 300])).toEqual([5, 6, 300]);
    const history = fixed(10, { labMinutes: Array(10).fill(30), toLabMinutes: ways });
    const range = forecastLine(
      { stations: [null], line: [{ id: 1, stage: { kind: 'before-lab', minutes: 0 } }] },
      history,
      { random: seededRandom(3).next },
    ).get(1);
    // 5–15 minutes to the lab and 30 in it; a parked driver's five hours would be in nearly a
    // quarter of the plays, and the range would reach them.
    expect(range!.low).toBeGreaterThanOrEqual(35);
    expect(range!.high).toBeLessThanOrEqual(45);
  });

  it('passes over a lab truck whose result is not out, and calls it once it is', () => {
    const history = fixed(10, { labMinutes: Array(10).fill(30), toLabMinutes: Array(10).fill(5) });
    const now = {
      stations: [null],
      line: [{ id: 1, stage: { kind: 'in-lab', minutes: 12 } } as LineTruck, ready(2), ready(3)],
    };
    // Truck 1's result comes 18 minutes from now: 2 and 3 go first; 1 at the first free moment after.
    expect(play(now, history)).toEqual([20, 0, 10]);
  });

  it("plays the desks' pauses: a truck's after it is ready, a station's after its truck", () => {
    const history = fixed(10, {
      readyToCallMinutes: Array(10).fill(3),
      freeToCallMinutes: Array(10).fill(2),
    });
    // Each truck may be called 3 minutes after it is ready: truck 1 in 2 more, truck 2 in 1, truck
    // 3 (ready now) in 3. The free station calls the first that may be called: truck 2 at 1, then
    // it serves 10 and pauses 2 (free at 13). The busy one frees at 6 and pauses 2: truck 1 at 8;
    // truck 3 at 13.
    const now = { stations: [null, 4], line: [ready(1, 1), ready(2, 2), ready(3)] };
    expect(play(now, history)).toEqual([8, 1, 13]);
  });

  it('sends a truck to a recheck through the way there and the lab again', () => {
    const history = fixed(10, {
      labMinutes: Array(10).fill(30),
      toLabMinutes: Array(10).fill(5),
      recheckMinutes: Array(10).fill(20),
      recheckShare: 1,
    });
    const now = { stations: [null], line: [{ id: 1, stage: { kind: 'in-lab', minutes: 10 } } as LineTruck] };
    // 20 more minutes in the lab, 20 to the recheck's sample, 30 in the lab again.
    expect(play(now, history)).toEqual([70]);
  });

  it('waits for the first truck that may be called when none may', () => {
    const history = fixed(10, { labMinutes: Array(10).fill(30), toLabMinutes: Array(10).fill(5) });
    const now = {
      stations: [null],
      line: [{ id: 1, stage: { kind: 'before-lab', minutes: 1 } } as LineTruck],
    };
    // 4 more minutes to the lab, then 30 in it.
    expect(play(now, history)).toEqual([34]);
  });
});

describe('trucks to come that go ahead of part of the line', () => {
  // One station, ten-minute services; the first truck of the line is of the class called first.
  const line = [ready(1), ready(2), ready(3), ready(4)];
  const forecast = (arrivals?: LineNow['arrivals']) =>
    forecastLine({ stations: [null], line, arrivals }, fixed(10), { random: seededRandom(5).next });

  it('put the trucks after their place later, and not those before it', () => {
    const alone = forecast();
    // A fresh load every 15 minutes on average, ahead of every truck but the first.
    const withComers = forecast({ perMinute: 1 / 15, aheadFrom: 1 });
    expect(withComers.get(1)).toEqual(alone.get(1));
    // The second is called at 10 unless a load comes within those ten minutes (about half the
    // plays): its range reaches later; the ones behind it are called later.
    expect(withComers.get(2)!.high).toBeGreaterThan(alone.get(2)!.high);
    for (const id of [3, 4]) expect(withComers.get(id)!.mid).toBeGreaterThan(alone.get(id)!.mid);
    // The further back, the more come ahead of it: the last truck waits longest past its own turn.
    expect(withComers.get(4)!.mid - alone.get(4)!.mid).toBeGreaterThan(
      withComers.get(2)!.mid - alone.get(2)!.mid,
    );
    // Ahead of none: the line as it stands.
    expect(forecast({ perMinute: 1 / 15, aheadFrom: 4 })).toEqual(alone);
  });

  it('are played for a day at most: a rate the stations cannot keep up with does not hold the play forever', () => {
    // Ten a minute against one ten-minute station: the trucks after the first are called only
    // once the day of arrivals is over.
    const flooded = forecast({ perMinute: 10, aheadFrom: 1 });
    expect(flooded.get(1)).toEqual(forecast().get(1));
    expect(flooded.get(2)!.low).toBeGreaterThanOrEqual(24 * 60);
  });
});

describe('the forecast of a line', () => {
  it('says nothing when no station is open', () => {
    const forecast = forecastLine({ stations: [], line: [ready(1)] }, fixed(10), {
      random: seededRandom(1).next,
    });
    expect(forecast.size).toBe(0);
  });

  it('gives no range to a truck the lab rejects in most plays', () => {
    const history = fixed(10, {
      labMinutes: Array(10).fill(30),
      toLabMinutes: Array(10).fill(5),
      rejectShare: 0.9,
    });
    const now = { stations: [null], line: [{ id: 7, stage: { kind: 'in-lab', minutes: 1 } } as LineTruck] };
    expect(forecastLine(now, history, { random: seededRandom(1).next }).get(7)).toBeNull();
  });

  it('narrows towards the front of the line, and widens further back', () => {
    const random = seededRandom(5);
    const history: LineHistory = {
      ...fixed(0),
      serviceMinutes: Array.from({ length: 300 }, () => random.between(20, 60)).sort((a, b) => a - b),
    };
    const line = Array.from({ length: 30 }, (_, i) => ready(i + 1));
    const forecast = forecastLine({ stations: [5, 30, null], line }, history, { random: random.next });
    const width = (id: number) => forecast.get(id)!.high - forecast.get(id)!.low;
    expect(forecast.get(1)!.high).toBe(0);
    expect(width(10)).toBeLessThan(width(30));
    expect(forecast.get(30)!.mid).toBeGreaterThan(forecast.get(10)!.mid);
  });

  it('holds nine calls in ten inside the range when the day goes as the history says', () => {
    // The "real" days are drawn from the same times as the history: each truck's real call is
    // then inside its range about as often as the coverage says.
    const random = seededRandom(11);
    const services = Array.from({ length: 400 }, () => random.between(10, 50)).sort((a, b) => a - b);
    const labs = Array.from({ length: 400 }, () => random.between(20, 70)).sort((a, b) => a - b);
    const toLab = Array.from({ length: 400 }, () => random.between(1, 15)).sort((a, b) => a - b);
    const history: LineHistory = {
      serviceMinutes: services,
      labMinutes: labs,
      toLabMinutes: toLab,
      recheckMinutes: Array.from({ length: 40 }, () => random.between(10, 30)).sort((a, b) => a - b),
      readyToCallMinutes: Array.from({ length: 200 }, () => random.between(0, 8)).sort((a, b) => a - b),
      freeToCallMinutes: Array.from({ length: 200 }, () => random.between(0, 3)).sort((a, b) => a - b),
      rejectShare: 0.1,
      recheckShare: 0.05,
    };
    let inside = 0;
    let called = 0;
    for (let day = 0; day < 100; day++) {
      const line: LineTruck[] = Array.from({ length: 12 }, (_, i) => ({
        id: i,
        stage:
          i < 6
            ? { kind: 'ready', minutes: random.between(0, 10) }
            : i < 9
              ? { kind: 'in-lab', minutes: random.between(0, 20) }
              : { kind: 'before-lab', minutes: random.between(0, 5) },
      }));
      const now: LineNow = { stations: [random.between(0, 30), null], line };
      const forecast = forecastLine(now, history, { random: random.next });
      const real = new Float64Array(line.length);
      playLine(now, history, random.next, real);
      line.forEach((truck, i) => {
        const range = forecast.get(truck.id);
        if (!range || Number.isNaN(real[i]!)) return;
        called += 1;
        if (real[i]! >= range.low - 1e-9 && real[i]! <= range.high + 1e-9) inside += 1;
      });
    }
    expect(called).toBeGreaterThan(1000);
    expect(inside / called).toBeGreaterThan(0.85);
    expect(inside / called).toBeLessThan(0.96);
  });

  it('needs a few past services, and the lab flow a few lab times', () => {
    expect(historyEnough(fixed(10), false)).toBe(true);
    expect(historyEnough({ ...fixed(10), serviceMinutes: [10, 12] }, false)).toBe(false);
    expect(historyEnough(fixed(10), true)).toBe(false);
  });
});
