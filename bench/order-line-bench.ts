import { performance } from 'node:perf_hooks';
import { orderLine, type OrderRule, type WaitingTruck } from '@truck-queue/shared/queue/order-rule';
import { ms, percentile } from './support.ts';

/** A harvest line's rule: fresh first, burnt capped at 25 %, overdue after 4 h, stale loads first. */
const RULE: OrderRule = {
  classes: [
    { key: 'fresh', share: 2, first: true },
    { key: 'burnt', share: 1, first: false },
  ],
  ordinaryShare: 1,
  maxWaitMinutes: 240,
  freshLimitMinutes: 360,
  staleFirst: true,
  caps: [{ classKey: 'burnt', max: 0.25, of: 'loads', whenFull: 'hold' }],
};

/**
 * Placing one ruled line (issue 38) as every snapshot of the branch's cards does after a change:
 * 250 to 2,000 waiting trucks (a harvest night), 300 calls already made that day.
 */
export function benchOrderLine(): string[] {
  const now = new Date();
  const calls = Array.from({ length: 300 }, (_, i) => (i % 4 === 0 ? 'burnt' : ''));
  return [250, 500, 1000, 2000].map((n) => {
    const waiting: WaitingTruck[] = Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      lineAt: new Date(now.getTime() - (n - i) * 60_000),
      classKey: i % 5 === 0 ? 'fresh' : i % 7 === 0 ? 'burnt' : '',
      cutAt: i % 5 === 0 ? new Date(now.getTime() - (n - i) * 30_000) : null,
      expectedTonnes: 20,
    }));
    const times: number[] = [];
    for (let k = 0; k < 20; k++) {
      const t0 = performance.now();
      orderLine(RULE, waiting, { calls }, now);
      times.push(performance.now() - t0);
    }
    return `orderLine, ${n} waiting trucks of one ruled line | p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))}`;
  });
}
