import * as contracts from '@truck-queue/shared/contracts/order.contract';
import type { ReasonArg } from '@truck-queue/shared/contracts/yard.contract';
import type { ReasonInput } from '@truck-queue/shared/queue/decide';
import type { RegisterCall } from '../../http/register-call.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { EventHub } from '../../lib/event-hub.ts';
import type { CallingService } from './calling.service.ts';
import type { BranchCards } from './branch-cards.ts';
import type { LineOrderRepository } from './line-order.repository.ts';
import { capUseOf } from './line-order.ts';

const reasonInput = (reason: ReasonArg): ReasonInput => ({
  reasonId: reason.reason_id,
  note: reason.note || null,
});

/**
 * Who goes first (issue 38): the admin's rule per line, an officer's class change of a waiting
 * truck, and a manager's admission past a cap. Calls themselves are socket events (staff-events.ts).
 */
export function registerLineOrderRoutes(
  register: RegisterCall,
  deps: {
    lineOrder: LineOrderRepository;
    calling: CallingService;
    events: EventHub;
    cards: Pick<BranchCards, 'calendar' | 'openQueues'>;
  },
): void {
  const { lineOrder, calling, events, cards } = deps;

  register(contracts.lineRule, async ({ auth, body }) => {
    const found = await lineOrder.rule(auth.branchId, body.id_branchQT);
    if (!found) throw notFound('The queue type');
    return { status: 1, rule: found.rule, products: await lineOrder.productsOf(body.id_branchQT) };
  });

  register(contracts.saveLineRule, async ({ auth, body }) => {
    if (body.rule) {
      const offered = new Set((await lineOrder.productsOf(body.id_branchQT)).map((p) => p.id));
      const details = body.rule.classes.flatMap((c, i) =>
        c.product_ids
          .filter((id) => !offered.has(id))
          .map(() => ({
            path: `rule.classes.${i}.product_ids`,
            message: 'is not a product of this queue type',
          })),
      );
      if (details.length > 0)
        throw new AppError(
          'VALIDATION_FAILED',
          'A class names a product this queue type does not offer.',
          details,
        );
    }
    if (!(await lineOrder.saveRule(auth.branchId, body.id_branchQT, body.rule)))
      throw notFound('The queue type');
    // Every card, board and driver's page of the branch is placed again by the new rule.
    events.publish('branchChanged', { branchId: auth.branchId });
    return { status: 1, rule: body.rule };
  });

  register(contracts.setOrderClass, async ({ auth, body }) => {
    await calling.reclass(auth, body.uuid, body.order_class, reasonInput(body.reason));
    return { status: 1 };
  });

  register(contracts.admitPastCap, async ({ auth, body }) => {
    await calling.admit(auth, body.uuid, reasonInput(body.reason));
    return { status: 1 };
  });

  register(contracts.capUse, async ({ auth, body }) => {
    const calendar = await cards.calendar(auth.branchId);
    const date = body.find_date ?? calendar.today;
    const lines = (await lineOrder.ruledLines(auth.branchId)).filter((line) => line.rule.caps.length > 0);
    if (lines.length === 0) return { status: 1, find_date: date, caps: [] };
    const [calls, open] = await Promise.all([
      lineOrder.calls(
        auth.branchId,
        lines.map((line) => line.id),
        [date],
      ),
      date === calendar.today ? cards.openQueues(auth.branchId, calendar.insideSince) : null,
    ]);
    return { status: 1, find_date: date, caps: capUseOf(lines, date, calls, open?.places ?? new Map()) };
  });
}
