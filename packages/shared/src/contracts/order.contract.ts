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

/** One daily cap's use on a plant day: the class's share of the line's first calls so far, and through the day. */
export const CapUseSchema = z.object({
  queue_type_id: z.number(),
  queue_type_name: z.string(),
  class_key: z.string(),
  class_name: z.string(),
  max_percent: z.number(),
  of: z.enum(['loads', 'tonnes']),
  when_full: z.enum(['hold', 'ask']),
  /** The class's share of the day's calls (of loads, or of tonnes) so far, 0-100, one decimal. */
  share_percent: z.number(),
  /** The class's loads (or tonnes) and the line's, so far. */
  class_amount: z.number(),
  total_amount: z.number(),
  /** Trucks of the class its cap holds now (today only; 0 for another day). */
  held: z.number(),
  /** The share at the end of each hour that had calls, oldest first (ISO instant of the hour's end). */
  hours: z.array(z.object({ at: z.string(), share_percent: z.number() })),
});
export type CapUse = z.infer<typeof CapUseSchema>;

/**
 * The dashboard's daily caps (issue 38): each capped class of the branch's lines, its use on a
 * plant day (today when left out) and through it. Empty where no line has a cap.
 */
export const capUse = defineContract({
  path: 'report/capUse',
  access: 'dashboard',
  body: z.strictObject({ find_date: z.iso.date().optional() }),
  response: OkSchema.extend({ find_date: z.string(), caps: z.array(CapUseSchema) }),
});
