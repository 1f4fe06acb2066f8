import { z } from 'zod';
import { defineContract, IdSchema, OkSchema } from './api.ts';
import { LineRuleSchema, OrderClassKeySchema } from './line-rule.ts';
import { ReasonArgSchema } from './yard.contract.ts';

/**
 * Who goes first in a line (issue 38): the calls that set a line's order rule (line-rule.ts),
 * move a waiting truck to another class, and admit a truck past its class's daily cap.
 */

/** A line's rule, the admin's (Define Queue), with the products its classes may name. */
export const lineRule = defineContract({
  path: 'admin/queueType/orderRule',
  access: 'admin',
  body: z.strictObject({ id_branchQT: IdSchema }),
  response: OkSchema.extend({
    /** null: first come, first served (the default). */
    rule: LineRuleSchema.nullable(),
    products: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});

/** Sets a line's rule (null: back to first come, first served). Applies to its waiting trucks at once. */
export const saveLineRule = defineContract({
  path: 'admin/queueType/saveOrderRule',
  access: 'admin',
  body: z.strictObject({ id_branchQT: IdSchema, rule: LineRuleSchema.nullable() }),
  response: OkSchema.extend({ rule: LineRuleSchema.nullable() }),
});

/** Moves a waiting truck to another class of its line ('' for the ordinary trucks), with why. */
export const setOrderClass = defineContract({
  path: 'process/calling/setOrderClass',
  access: 'calling',
  body: z.strictObject({
    uuid: z.uuid(),
    order_class: z.union([z.literal(''), OrderClassKeySchema]),
    reason: ReasonArgSchema,
  }),
  response: OkSchema,
});

/** A manager lets a truck its class's cap holds be called today anyway, with why. */
export const admitPastCap = defineContract({
  path: 'process/calling/admitPastCap',
  access: 'overrule',
  body: z.strictObject({ uuid: z.uuid(), reason: ReasonArgSchema }),
  response: OkSchema,
});
