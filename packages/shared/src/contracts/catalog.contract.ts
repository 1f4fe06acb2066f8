import { z } from 'zod';
import { defineContract, EmptyBodySchema, IdSchema, OkSchema, text } from './api.ts';
import { LabMeasureSchema } from './lab.contract.ts';
import { LineRuleSchema } from './line-rule.ts';
import { FLOW_ENGINE } from '../queue/queue-machine.ts';
import { VEHICLE_CLASSES } from '../queue/weight-checks.ts';

/** Queue types, products and stations of a branch (SPEC.md section 7): admins only. */

const Id = IdSchema;
const Ids = z.array(Id).max(500);
export const NamedSchema = z.object({ id: z.number(), name: z.string() });

/** A queue number prefix: 1 to 3 letters (Latin), e.g. A, B, AB. */
export const PrefixSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,3}$/, 'must be 1 to 3 letters A to Z');

export const BranchQueueTypeSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  queue_type_id: z.number(),
  queue_type_name: z.string(),
  flow_engine_id: z.number(),
  prefix: z.string(),
  /** True when the name is the branch's own (created or renamed here), not the master list's. */
  own_name: z.boolean(),
  aProductUI: z.array(NamedSchema),
  /** What the lab measures for this type (lab flow only), retired ones too, in their order. */
  lab_measures: z.array(LabMeasureSchema),
  /** Who goes first in its line (issue 38; order.contract.ts): null is first come, first served. */
  order_rule: LineRuleSchema.nullable(),
});
export type BranchQueueType = z.infer<typeof BranchQueueTypeSchema>;

export const branchQT = defineContract({
  path: 'defineQueue/branchQT',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ branchQT: z.array(BranchQueueTypeSchema) }),
});

/** The master list an admin picks a branch queue type from. */
export const queueType = defineContract({
  path: 'defineQueue/queueType',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ queueType: z.array(NamedSchema.extend({ flow_engine_id: z.number() })) }),
});

/** A queue type's name as an admin types it: spaces collapsed, at most 60 characters. */
export const QueueTypeNameSchema = text(60).transform((name) => name.replace(/\s+/g, ' '));

/**
 * Create from the master list `{queue_type, prefix, status: "1"}` (the spec's), or a type of the
 * branch's own `{name, flow_engine_id, prefix, status: "1"}`; edit `{uuid, prefix, name?}` (the
 * flow never changes; a new name is the branch's alone). docs/decisions.md, "Queue types a plant names".
 */
export const doBranchQT = defineContract({
  path: 'defineQueue/doBranchQT',
  access: 'admin',
  body: z.union([
    z.strictObject({ queue_type: Id, prefix: PrefixSchema, status: z.literal('1') }),
    z.strictObject({
      name: QueueTypeNameSchema,
      flow_engine_id: z.union([
        z.literal(FLOW_ENGINE.general),
        z.literal(FLOW_ENGINE.standard),
        z.literal(FLOW_ENGINE.lab),
      ]),
      prefix: PrefixSchema,
      status: z.literal('1'),
    }),
    z.strictObject({ uuid: z.uuid(), prefix: PrefixSchema, name: QueueTypeNameSchema.optional() }),
  ]),
  response: OkSchema.extend({ message: z.string(), branchQT: BranchQueueTypeSchema }),
});

export const cancelQT = defineContract({
  path: 'defineQueue/cancelQT',
  access: 'admin',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema,
});

/**
 * What a load of a product should weigh (issue 42; kg, null: no limit) and the vehicles that
 * bring it, whose legal gross is checked (VEHICLE_CLASSES; null: none): the weighbridge warns.
 */
export const ProductLimitsSchema = z.object({
  min_net_kg: z.number().nullable(),
  max_net_kg: z.number().nullable(),
  min_gross_kg: z.number().nullable(),
  max_gross_kg: z.number().nullable(),
  vehicle_class: z.enum(VEHICLE_CLASSES).nullable(),
});
export type ProductLimits = z.infer<typeof ProductLimitsSchema>;

export const ProductRowSchema = z
  .object({ id: z.number(), uuid: z.string(), name: z.string() })
  .extend(ProductLimitsSchema.shape);
export type ProductRow = z.infer<typeof ProductRowSchema>;

/** A limit as an admin sets it: a weight (kg, one decimal) or null for none. */
const LimitKgSchema = z
  .number()
  .positive()
  .max(100_000)
  .refine((kg) => Math.abs(kg * 10 - Math.round(kg * 10)) < 1e-9, 'may have one decimal at most')
  .nullable()
  .optional();

/** The limits an admin may give with a product's name; left out, they stay as they are (none for a new one). */
const ProductLimitsBody = {
  min_net_kg: LimitKgSchema,
  max_net_kg: LimitKgSchema,
  min_gross_kg: LimitKgSchema,
  max_gross_kg: LimitKgSchema,
  vehicle_class: z.enum(VEHICLE_CLASSES).nullable().optional(),
};

/** Empty: the branch's products. `{id_branchQT}`: every product, marked when the queue type offers it. */
export const mainProduct = defineContract({
  path: 'product/mainProduct',
  access: 'admin',
  body: z.union([
    EmptyBodySchema,
    z.strictObject({ id_branchQT: Id, product: z.array(z.unknown()).max(500).optional() }),
  ]),
  response: OkSchema.extend({
    product: z.array(ProductRowSchema.extend({ selected: z.boolean().optional() })),
  }),
});

/** Sets the products a queue type offers (`id` is the branch queue type). */
export const manageProduct = defineContract({
  path: 'product/manageProduct',
  access: 'admin',
  body: z.strictObject({ id: Id, product: Ids }),
  response: OkSchema,
});

export const doMainProduct = defineContract({
  path: 'product/doMainProduct',
  access: 'admin',
  body: z.union([
    z.strictObject({ name: text(100), ...ProductLimitsBody }),
    z.strictObject({ uuid: z.uuid(), name: text(100), ...ProductLimitsBody }),
  ]),
  response: OkSchema.extend({ product: ProductRowSchema }),
});

export const StationStateSchema = z.object({
  sus_id: z.number(),
  sus_station: z.number(),
  sus_flow_state: z.number(),
  fe_name: z.string(),
  fs_state_name: z.string(),
  fs_state_detail: z.string(),
});

export const StationRowSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  /** A weighbridge: scales are paired with such stations only (the Weighbridge controller). */
  weighbridge: z.boolean(),
  aState: z.array(StationStateSchema),
});
export type StationRow = z.infer<typeof StationRowSchema>;

export const mainStation = defineContract({
  path: 'station/mainStation',
  access: 'admin',
  body: EmptyBodySchema,
  response: OkSchema.extend({ station: z.array(StationRowSchema) }),
});

/** Create `{name}` or rename `{uuid, name}`; `weighbridge` marks it a weighbridge (left out: not, or unchanged). */
export const doMainStation = defineContract({
  path: 'station/doMainStation',
  access: 'admin',
  body: z.union([
    z.strictObject({ name: text(100), weighbridge: z.boolean().optional() }),
    z.strictObject({ uuid: z.uuid(), name: text(100), weighbridge: z.boolean().optional() }),
  ]),
  response: OkSchema.extend({ station: StationRowSchema }),
});

/** The flow states a station may handle, marked when it does (`aState`, the client's current list, is not needed). */
export const loadState = defineContract({
  path: 'station/loadState',
  access: 'admin',
  body: z.strictObject({ id: Id, aState: z.array(z.unknown()).max(500).optional() }),
  response: OkSchema.extend({
    state: z.array(
      z.object({
        id: z.number(),
        fe_id: z.number(),
        fe_name: z.string(),
        state: z.string(),
        state_name: z.string(),
        state_detail: z.string(),
        selected: z.boolean(),
      }),
    ),
  }),
});

/** Sets the flow states a station handles (`id` is the station). */
export const manageState = defineContract({
  path: 'station/manageState',
  access: 'admin',
  body: z.strictObject({ id: Id, flow_state: Ids }),
  response: OkSchema,
});

/** Removes one state from a station (`id` is the station-state link, sus_id). */
export const deleteStationUS = defineContract({
  path: 'station/deleteStationUS',
  access: 'admin',
  body: z.strictObject({ id: Id }),
  response: OkSchema,
});

export const catalogContracts = {
  branchQT,
  queueType,
  doBranchQT,
  cancelQT,
  mainProduct,
  manageProduct,
  doMainProduct,
  mainStation,
  doMainStation,
  loadState,
  manageState,
  deleteStationUS,
};
