import { describe, expect, it } from 'vitest';
import {
  FIRST_COME_FIRST_SERVED,
  nextInLine,
  orderLine,
  type OrderRule,
  type WaitingTruck,
} from './order-rule.ts';

const NOW = new Date('2026-12-01T10:00:00+07:00');
const MINUTE = 60_000;

/** A truck that joined the line `waited` minutes ago. */
function truck(id: number, waited: number, classKey = '', extra: Partial<WaitingTruck> = {}): WaitingTruck {
  return { id, lineAt: new Date(NOW.getTime() - waited * MINUTE), classKey, ...extra };
}

const rule = (patch: Partial<OrderRule>): OrderRule => ({ ...FIRST_COME_FIRST_SERVED, ...patch });
const ids = (r: OrderRule, waiting: WaitingTruck[], calls: string[] = []) =>
  orderLine(r, waiting, { calls }, NOW).map((t) => t.id);

/** Calls the line `n` times by the rule, every class always waiting: the classes called, in order. */
function calledClasses(r: OrderRule, keys: string[], n: number, calls: string[] = []): string {
  const day = [...calls];
  let id = 0;
  for (let i = 0; i < n; i++) {
    const waiting = keys.map((key) => truck(++id, 10, key));
    const next = nextInLine(r, waiting, { calls: day }, NOW)!;
    day.push(waiting.find((t) => t.id === next.id)!.classKey);
  }
  return day
    .slice(calls.length)
    .map((key) => key || 'N')
    .join('');
}

describe('first come, first served (the default)', () => {
  it.each([
    {
      name: 'by the time each joined the line',
      waiting: [truck(1, 5), truck(2, 30), truck(3, 10)],
      order: [2, 3, 1],
    },
    { name: 'a tie by the ticket id', waiting: [truck(9, 10), truck(4, 10), truck(6, 10)], order: [4, 6, 9] },
    {
      name: 'classes it does not name are ordinary',
      waiting: [truck(1, 5, 'fresh'), truck(2, 9)],
      order: [2, 1],
    },
    { name: 'an empty line', waiting: [], order: [] },
  ])('orders $name', ({ waiting, order }) => {
    expect(ids(FIRST_COME_FIRST_SERVED, waiting)).toEqual(order);
    for (const t of orderLine(FIRST_COME_FIRST_SERVED, waiting, { calls: [] }, NOW)) {
      expect(t.reason).toEqual({ kind: 'turn' });
      expect(t.hold).toBeNull();
    }
  });
});

describe('classes', () => {
  const freshFirst = rule({ classes: [{ key: 'fresh', share: 1, first: true }] });

  it('calls a class marked first before the ordinary trucks, each in line order', () => {
    const waiting = [truck(1, 50), truck(2, 5, 'fresh'), truck(3, 40), truck(4, 20, 'fresh')];
    expect(ids(freshFirst, waiting)).toEqual([4, 2, 1, 3]);
    expect(orderLine(freshFirst, waiting, { calls: [] }, NOW)[0]!.reason).toEqual({
      kind: 'class',
      classKey: 'fresh',
      first: true,
    });
  });

  it('keeps first classes in the order the rule lists them', () => {
    const r = rule({
      classes: [
        { key: 'booked', share: 1, first: true },
        { key: 'fresh', share: 1, first: true },
      ],
    });
    expect(ids(r, [truck(1, 50, 'fresh'), truck(2, 5, 'booked'), truck(3, 60)])).toEqual([2, 1, 3]);
  });

  it.each([
    { shares: { fresh: 2, ordinary: 1 }, pattern: 'FNFFNFFNF' },
    { shares: { fresh: 1, ordinary: 2 }, pattern: 'NFNNFNNFN' },
    { shares: { fresh: 1, ordinary: 1 }, pattern: 'FNFNFNFNF' },
    { shares: { fresh: 3, ordinary: 1 }, pattern: 'FFNFFFNFF' },
  ])('shares the calls $shares.fresh : $shares.ordinary while both wait', ({ shares, pattern }) => {
    const r = rule({
      classes: [{ key: 'fresh', share: shares.fresh, first: false }],
      ordinaryShare: shares.ordinary,
    });
    expect(calledClasses(r, ['fresh', ''], pattern.length).replaceAll('fresh', 'F')).toBe(pattern);
  });

  it('keeps three classes at their shares over a long day', () => {
    const r = rule({
      classes: [
        { key: 'B', share: 1, first: false },
        { key: 'F', share: 3, first: false },
      ],
      ordinaryShare: 2,
    });
    const called = calledClasses(r, ['B', 'F', ''], 600);
    expect([...called].filter((c) => c === 'B')).toHaveLength(100);
    expect([...called].filter((c) => c === 'F')).toHaveLength(300);
    expect([...called].filter((c) => c === 'N')).toHaveLength(200);
  });

  it('gives a class back at most one round of advance after nobody of it waited', () => {
    const r = rule({ classes: [{ key: 'F', share: 2, first: false }] });
    // Twenty ordinary calls while no fresh load waited, then both wait.
    const after = calledClasses(r, ['F', ''], 8, Array(20).fill(''));
    expect(after).toBe('FFFNFFNF');
  });

  it('reads the day so far: the next call follows from the calls already made', () => {
    const r = rule({ classes: [{ key: 'F', share: 2, first: false }] });
    expect(calledClasses(r, ['F', ''], 1, ['F', 'F'])).toBe('N');
    expect(calledClasses(r, ['F', ''], 1, ['F', ''])).toBe('F');
  });
});

describe('ageing: nobody waits past the limit', () => {
  const r = rule({ classes: [{ key: 'fresh', share: 1, first: true }], maxWaitMinutes: 180 });

  it('calls a truck that waited the limit before any class', () => {
    const waiting = [truck(1, 5, 'fresh'), truck(2, 200), truck(3, 100)];
    const order = orderLine(r, waiting, { calls: [] }, NOW);
    expect(order.map((t) => t.id)).toEqual([2, 1, 3]);
    expect(order[0]!.reason).toEqual({ kind: 'overdue', waitedMinutes: 200 });
  });

  it.each([
    { name: 'exactly at the limit', waited: 180, overdue: true },
    { name: 'a minute short of it', waited: 179, overdue: false },
  ])('counts a truck $name', ({ waited, overdue }) => {
    const first = nextInLine(r, [truck(1, 1, 'fresh'), truck(2, waited)], { calls: [] }, NOW)!;
    expect(first.id).toBe(overdue ? 2 : 1);
  });

  it('calls the overdue ones by their wait, longest first, and ties by id', () => {
    expect(ids(r, [truck(5, 200), truck(3, 300), truck(4, 200), truck(1, 1, 'fresh')])).toEqual([3, 4, 5, 1]);
  });
});

describe('freshness', () => {
  const cut = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * 60 * MINUTE);

  it('flags a load cut longer ago than the limit, and leaves its place alone unless the rule says', () => {
    const r = rule({ freshLimitMinutes: 360 });
    const order = orderLine(
      r,
      [truck(1, 30, '', { cutAt: cut(2) }), truck(2, 10, '', { cutAt: cut(7) })],
      { calls: [] },
      NOW,
    );
    expect(order.map((t) => [t.id, t.stale])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('calls stale loads first, the oldest cut first, when the rule says so', () => {
    const r = rule({
      freshLimitMinutes: 360,
      staleFirst: true,
      classes: [{ key: 'fresh', share: 1, first: true }],
    });
    const waiting = [
      truck(1, 30, 'fresh', { cutAt: cut(1) }),
      truck(2, 10, '', { cutAt: cut(7) }),
      truck(3, 5, '', { cutAt: cut(9) }),
      truck(4, 60),
    ];
    const order = orderLine(r, waiting, { calls: [] }, NOW);
    expect(order.map((t) => t.id)).toEqual([3, 2, 1, 4]);
    expect(order[0]!.reason).toEqual({ kind: 'stale', ageMinutes: 540 });
  });
});

describe('daily caps', () => {
  const burntCap = (whenFull: 'hold' | 'ask') =>
    rule({ caps: [{ classKey: 'burnt', max: 0.25, of: 'loads', whenFull }] });

  it.each([
    { calls: ['', '', ''], held: false, why: '1 in 4 is 25 %: allowed' },
    { calls: ['', ''], held: true, why: '1 in 3 is over 25 %' },
    { calls: ['', '', '', 'burnt', '', '', ''], held: false, why: '2 in 8 is 25 %: allowed' },
    { calls: ['', '', '', 'burnt', '', ''], held: true, why: '2 in 7 is over 25 %' },
  ])('holds a burnt load when calling it breaks the cap: $why', ({ calls, held }) => {
    const first = orderLine(burntCap('hold'), [truck(1, 60, 'burnt'), truck(2, 5)], { calls }, NOW)[0]!;
    expect(first.id).toBe(held ? 2 : 1);
  });

  it('places a held truck where the calls before it make room, still marked held now', () => {
    const order = orderLine(
      burntCap('hold'),
      [truck(1, 60, 'burnt'), truck(2, 5), truck(3, 4)],
      { calls: [''] },
      NOW,
    );
    // 1 ordinary call so far: two more ordinary calls make the burnt load 1 in 4.
    expect(order.map((t) => t.id)).toEqual([2, 3, 1]);
    expect(order[2]!.hold).toBeNull();
    const now = orderLine(burntCap('hold'), [truck(1, 60, 'burnt')], { calls: [''] }, NOW)[0]!;
    expect(now.hold).toEqual({ classKey: 'burnt', max: 0.25, of: 'loads', whenFull: 'hold' });
  });

  it('leaves held trucks last, marked, when nothing else can make room; nobody is next', () => {
    const waiting = [truck(1, 60, 'burnt'), truck(2, 30, 'burnt')];
    const order = orderLine(burntCap('hold'), waiting, { calls: [] }, NOW);
    expect(order.map((t) => [t.id, t.hold?.whenFull])).toEqual([
      [1, 'hold'],
      [2, 'hold'],
    ]);
    expect(nextInLine(burntCap('hold'), waiting, { calls: [] }, NOW)).toBeNull();
  });

  it("holds an over-cap load the same where a manager may admit it ('ask'), marked so", () => {
    const order = orderLine(burntCap('ask'), [truck(1, 60, 'burnt'), truck(2, 5)], { calls: [] }, NOW);
    expect(order.map((t) => [t.id, t.hold?.whenFull ?? null])).toEqual([
      [2, null],
      [1, 'ask'],
    ]);
  });

  it('lets a load a manager admitted through', () => {
    const first = orderLine(
      burntCap('hold'),
      [truck(1, 60, 'burnt', { admitted: true }), truck(2, 5)],
      { calls: [] },
      NOW,
    )[0]!;
    expect(first).toMatchObject({ id: 1, hold: null });
  });

  it('caps tonnes as well as loads', () => {
    const r = rule({ caps: [{ classKey: 'burnt', max: 0.25, of: 'tonnes', whenFull: 'hold' }] });
    const heavy = truck(1, 60, 'burnt', { expectedTonnes: 30 });
    const day = (tonnes: Record<string, number>) => ({ calls: [], tonnes });
    // 30 t of burnt cane against 60 t of others would be a third: held.
    expect(orderLine(r, [heavy, truck(2, 5)], day({ '': 60 }), NOW)[0]!.id).toBe(2);
    // Against 90 t it is a quarter: allowed.
    expect(orderLine(r, [heavy, truck(2, 5)], day({ '': 90 }), NOW)[0]!.id).toBe(1);
  });
});
