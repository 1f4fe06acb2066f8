import { describe, expect, it } from 'vitest';
import { orderRuleOf } from '@truck-queue/shared/contracts/line-rule';
import { ruleFor } from './order-plan.ts';
import { judgeCall, type Recorded } from './ruled-line.ts';

const order = orderRuleOf(ruleFor(1440));
const truck = (
  id: number,
  classKey: Recorded['classKey'],
  issuedAt: number,
  more: Partial<Recorded> = {},
): Recorded => ({
  id,
  queueNumber: `B${String(id + 1).padStart(3, '0')}`,
  classKey,
  day: '2026-12-01',
  issuedAt,
  calledAt: null,
  reason: null,
  ticketAnswered: issuedAt + 50,
  pressed: null,
  ...more,
});

describe("the ruled line's check of a call", () => {
  // An ordinary truck waiting a while; the desk presses Call next at 10,000 ms and the server
  // stamps the call of the ordinary truck at 12,000 ms (a loaded server).
  const ordinary = truck(0, '', 1_000, { calledAt: 12_000, pressed: 10_000 });

  it("takes the call when a fresh load's ticket was answered only after the desk pressed: the server may not have read it", () => {
    const fresh = truck(1, 'fresh', 10_300, { ticketAnswered: 10_400 });
    const judged = judgeCall(order, [ordinary, fresh], ordinary, []);
    // Among the tickets stamped before the call the fresh load goes first; the server read its line before it.
    expect(judged.next).toBe(fresh.id);
    expect(judged.isNext).toBe(true);
  });

  it('refuses it when the fresh ticket was answered before the desk pressed, however slow the server', () => {
    const fresh = truck(1, 'fresh', 9_000, { ticketAnswered: 9_500 });
    expect(judgeCall(order, [ordinary, fresh], ordinary, [])).toMatchObject({
      isNext: false,
      next: fresh.id,
    });
  });

  it('refuses it at a fast server as well: a fresh ticket answered before the press, stamped just before the call', () => {
    const quick = { ...ordinary, calledAt: 10_050 };
    const fresh = truck(1, 'fresh', 9_900, { ticketAnswered: 9_950 });
    expect(judgeCall(order, [quick, fresh], quick, []).isNext).toBe(false);
  });

  it('without the press known, holds the call to every ticket answered before its stamp', () => {
    const unknown = { ...ordinary, pressed: null };
    const fresh = truck(1, 'fresh', 10_300, { ticketAnswered: 10_400 });
    expect(judgeCall(order, [unknown, fresh], unknown, []).isNext).toBe(false);
  });
});
