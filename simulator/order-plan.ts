import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import type { Flow, TruckPlan } from './plan.ts';

/**
 * Who goes first (issue 38), as the simulator plays it: one line, the starch loading bays (B),
 * has an order rule. Fresh loads are called first, burnt loads make at most 25 % of the day's
 * calls (held until the cap has room), a truck that waited the rule's longest goes first, and
 * calling another truck than the rule's next asks a reason. Its trucks get their class at the
 * kiosk, fresh ones with the time their load was cut. Its desk calls with Call next whenever a
 * station frees (ruled-line.ts), and now and then calls a truck out of order, with a reason.
 *
 * The lab flow's cassava line would be the natural one, but the server's line of a lab queue
 * type holds the trucks still at the lab (QS, LS, L are waiting states), which Call next cannot
 * call until their result is out; the loading bays' line waits in QS only.
 */
export const RULED_FLOW: Flow = 'standard';

export type OrderClassKey = '' | 'fresh' | 'burnt';

/** A ruled-line truck's class, when its load was cut, and whether its desk calls it out of order. */
export interface OrderPlan {
  orderClass: OrderClassKey;
  /** Simulated seconds before its arrival its load was cut (fresh loads), else null. */
  cutBefore: number | null;
  /** The officer calls this truck himself, ahead of the rule's next, with a reason. */
  outOfOrder: boolean;
}

/**
 * Shares of the ruled line's trucks by class: a fifth fresh, 15 % burnt. Burnt loads near the
 * cap's 25 % would be held most of the day and the last of them called only once every other
 * truck was, after the day's end.
 */
export const FRESH_SHARE = 0.2;
export const BURNT_SHARE = 0.15;
/** The burnt loads' daily cap, in percent of the day's first calls of the line. */
export const BURNT_CAP_PERCENT = 25;
/**
 * One ruled-line truck in this many (not a burnt one) is called out of order, with a reason,
 * when it waits behind another as a station frees: which ones, the seed says.
 */
export const OUT_OF_ORDER_EVERY = 6;
/** The rule's limits in simulated minutes; the server counts them in real minutes (see ruleFor). */
export const MAX_WAIT_SIM_MINUTES = 180;
export const FRESH_LIMIT_SIM_MINUTES = 360;

/**
 * Each ruled-line truck's class, from its own seeded stream. A cap that holds trucks would hold
 * the day's last burnt loads for ever if burnt were more than the cap of the day's calls, so a
 * plant day's burnt loads are kept within the cap (extra ones drawn become ordinary): then
 * every held truck has room once the others are called (the share of the burnt among what is
 * left to call only falls).
 */
export function orderPlans(
  plans: readonly Pick<TruckPlan, 'index' | 'flow' | 'arrival'>[],
  seed: number,
  /** Simulated seconds to the plant day's turn (the night, the harvest), else null. */
  midnight: number | null,
): Map<number, OrderPlan> {
  const random = seededRandom((seed * 7919 + 38) >>> 0);
  const orders = new Map<number, OrderPlan>();
  const burntByDay = new Map<number, number[]>();
  const countByDay = new Map<number, number>();
  const outOfOrderAt = random.int(0, OUT_OF_ORDER_EVERY - 1);
  let ordinal = 0;
  for (const plan of plans) {
    if (plan.flow !== RULED_FLOW) continue;
    const r = random.next();
    let orderClass: OrderClassKey = r < FRESH_SHARE ? 'fresh' : r < FRESH_SHARE + BURNT_SHARE ? 'burnt' : '';
    // Cut 40 minutes to 4 hours before it arrives: the grower's field is near or far.
    const cutBefore = Math.round(random.between(40, 240) * 60);
    const outOfOrder = ordinal++ % OUT_OF_ORDER_EVERY === outOfOrderAt;
    const day = midnight !== null && plan.arrival >= midnight ? 1 : 0;
    countByDay.set(day, (countByDay.get(day) ?? 0) + 1);
    // A plant day's first truck is burnt: the cap holds it (one call in one would be 100 %)
    // until three others have been called, so every run sees the cap hold a truck.
    if (countByDay.get(day) === 1) orderClass = 'burnt';
    if (orderClass === 'burnt') burntByDay.set(day, [...(burntByDay.get(day) ?? []), plan.index]);
    orders.set(plan.index, {
      orderClass,
      cutBefore: orderClass === 'fresh' ? cutBefore : null,
      outOfOrder: outOfOrder && orderClass !== 'burnt',
    });
  }
  for (const [day, burnt] of burntByDay) {
    const allowed = Math.floor(((countByDay.get(day) ?? 0) * BURNT_CAP_PERCENT) / 100);
    for (const index of burnt.slice(allowed)) orders.set(index, { ...orders.get(index)!, orderClass: '' });
  }
  return orders;
}

/**
 * The ruled line's rule, as an admin sets it. Its minutes are the server's, on the real clock:
 * the simulated limits over the acceleration, at least the rule's least (10 minutes), so at the
 * CI's ×1440 a truck would be overdue after 10 real minutes, 10 simulated days: the rule's max
 * wait and freshness cannot come into play there, only at low accelerations.
 */
export function ruleFor(accel: number): LineRule {
  const real = (simMinutes: number) => Math.min(4320, Math.max(10, Math.ceil(simMinutes / accel)));
  return {
    classes: [
      { key: 'fresh', name: 'สินค้าสด', share: 1, first: true, product_ids: [] },
      { key: 'burnt', name: 'ไฟไหม้', share: 1, first: false, product_ids: [] },
    ],
    ordinary_share: 1,
    max_wait_minutes: real(MAX_WAIT_SIM_MINUTES),
    fresh_limit_minutes: real(FRESH_LIMIT_SIM_MINUTES),
    stale_first: false,
    caps: [{ class_key: 'burnt', max_percent: BURNT_CAP_PERCENT, of: 'loads', when_full: 'hold' }],
    ask_reason: true,
  };
}
