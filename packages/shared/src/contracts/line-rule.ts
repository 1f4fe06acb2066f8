import { z } from 'zod';
import { FIRST_COME_FIRST_SERVED, type OrderRule } from '../queue/order-rule.ts';
import { IdSchema, text } from './api.ts';

/**
 * Who goes first in a line (issue 38): the order rule an admin sets per queue type, as the wire
 * and the database hold it, and a waiting truck's place as the screens show it. The order itself
 * is computed by queue/order-rule.ts, on the server, for every screen; the calls that set a rule,
 * class a truck or admit it past a cap are in order.contract.ts.
 */

/** A class key: short, lower case, stable (the rule's reports and the simulator name it). */
export const OrderClassKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,19}$/, 'is a short key: lower-case letters, digits and -');

export const LineClassSchema = z.strictObject({
  key: OrderClassKeySchema,
  /** What the officers and drivers read ("อ้อยสด", "จองคิว"). */
  name: text(40),
  /** Calls for this class against the ordinary trucks' share while both wait (2 : 1). */
  share: z.int().min(1).max(10),
  /** Called before every class after it in the list, and the ordinary trucks, while any waits. */
  first: z.boolean(),
  /** Trucks of these products (of the queue type) are of this class unless the officer says otherwise. */
  product_ids: z.array(IdSchema).max(50),
});
export type LineClass = z.infer<typeof LineClassSchema>;

export const LineCapSchema = z.strictObject({
  class_key: OrderClassKeySchema,
  /** At most this share of the day's loads (or tonnes) is of the class: 25 for burnt cane. */
  max_percent: z.int().min(1).max(99),
  of: z.enum(['loads', 'tonnes']),
  /** hold: the truck waits until the cap has room; ask: a manager may admit it with a reason. */
  when_full: z.enum(['hold', 'ask']),
});
export type LineCap = z.infer<typeof LineCapSchema>;

/** A line's order rule as an admin sets it. */
export const LineRuleSchema = z
  .strictObject({
    classes: z.array(LineClassSchema).max(8),
    ordinary_share: z.int().min(1).max(10),
    /** After this many minutes waiting a truck goes first, whatever its class; null: never. */
    max_wait_minutes: z.int().min(10).max(4320).nullable(),
    /** Loads cut or loaded longer ago are stale: flagged, and first when `stale_first`. */
    fresh_limit_minutes: z.int().min(10).max(4320).nullable(),
    stale_first: z.boolean(),
    caps: z.array(LineCapSchema).max(8),
    /** Calling another truck than the rule's next asks a reason from the branch's list. */
    ask_reason: z.boolean(),
  })
  .superRefine((rule, ctx) => {
    const keys = rule.classes.map((c) => c.key);
    keys.forEach((key, i) => {
      if (keys.indexOf(key) !== i)
        ctx.addIssue({ code: 'custom', path: ['classes', i, 'key'], message: 'is used by another class' });
    });
    const names = rule.classes.map((c) => c.name.toLowerCase());
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i)
        ctx.addIssue({ code: 'custom', path: ['classes', i, 'name'], message: 'is used by another class' });
    });
    const products = rule.classes.flatMap((c, i) => c.product_ids.map((id) => ({ id, i })));
    products.forEach(({ id, i }, at) => {
      if (products.findIndex((p) => p.id === id) !== at)
        ctx.addIssue({
          code: 'custom',
          path: ['classes', i, 'product_ids'],
          message: 'names a product another class already has',
        });
    });
    rule.caps.forEach((cap, i) => {
      if (!keys.includes(cap.class_key))
        ctx.addIssue({
          code: 'custom',
          path: ['caps', i, 'class_key'],
          message: 'is not a class of the rule',
        });
      if (rule.caps.findIndex((c) => c.class_key === cap.class_key) !== i)
        ctx.addIssue({ code: 'custom', path: ['caps', i, 'class_key'], message: 'has a cap already' });
    });
    if (rule.stale_first && rule.fresh_limit_minutes === null)
      ctx.addIssue({
        code: 'custom',
        path: ['stale_first'],
        message: 'needs a freshness limit',
      });
  });
export type LineRule = z.infer<typeof LineRuleSchema>;

/** A line no admin has set: first come, first served, any truck callable without a reason. */
export const DEFAULT_LINE_RULE: LineRule = {
  classes: [],
  ordinary_share: 1,
  max_wait_minutes: null,
  fresh_limit_minutes: null,
  stale_first: false,
  caps: [],
  ask_reason: false,
};

/** The rule order-rule.ts applies, from the rule as stored. */
export function orderRuleOf(rule: LineRule | null): OrderRule {
  if (!rule) return FIRST_COME_FIRST_SERVED;
  return {
    classes: rule.classes.map((c) => ({ key: c.key, share: c.share, first: c.first })),
    ordinaryShare: rule.ordinary_share,
    maxWaitMinutes: rule.max_wait_minutes,
    freshLimitMinutes: rule.fresh_limit_minutes,
    staleFirst: rule.stale_first,
    caps: rule.caps.map((c) => ({
      classKey: c.class_key,
      max: c.max_percent / 100,
      of: c.of,
      whenFull: c.when_full,
    })),
  };
}

/** The class a ticket of `productId` starts in under `rule` ('' when none names the product). */
export function classOfProduct(rule: LineRule | null, productId: number | null): string {
  if (!rule || productId === null) return '';
  return rule.classes.find((c) => c.product_ids.includes(productId))?.key ?? '';
}

/** Why a waiting truck stands where it does in its line, as the cards and the driver's page say it. */
export const LinePlaceSchema = z.object({
  /** 1: the truck the rule calls next. */
  position: z.number(),
  why: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('overdue'), waited_minutes: z.number() }),
    z.object({ kind: z.literal('stale'), age_minutes: z.number() }),
    z.object({ kind: z.literal('class'), class_key: z.string(), first: z.boolean() }),
    z.object({ kind: z.literal('turn') }),
    /** Checked in with a booking inside its window (issue 39): in line from the window's opening, '06:00-10:00'. */
    z.object({ kind: z.literal('booked'), window: z.string() }),
  ]),
  /** Its class's daily cap is full: held until there is room, or callable once a manager admits it. */
  hold: z
    .object({
      class_key: z.string(),
      max_percent: z.number(),
      of: z.enum(['loads', 'tonnes']),
      when_full: z.enum(['hold', 'ask']),
    })
    .nullable(),
  /** Its load is older than the line's freshness limit. */
  stale: z.boolean(),
  /**
   * The truck Call next takes from its line: the first the rule places that no cap holds and
   * that may be called now (a lab truck once its result is out).
   */
  next: z.boolean(),
});
export type LinePlace = z.infer<typeof LinePlaceSchema>;
