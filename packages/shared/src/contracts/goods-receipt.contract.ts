import { z } from 'zod';
import { defineContract, IdSchema, noFormula, noHidden, OkSchema } from './api.ts';
import { InstantSchema } from './queue.contract.ts';
import { SiteDaySchema } from './report.contract.ts';

/**
 * ERP goods receipts (issue 42, part 3): one per finished weighed truck, with the slip's figures
 * and the ERP's codes, re-sent as a new version marked as a correction when a later change alters
 * it. The office reads and exports a plant day's; an integration key with `receipts:read` reads
 * them by day or polls what is new by id; webhooks send each row as its `goods_receipt` event.
 */

/**
 * A code the ERP knows a product, supplier, plant or movement type by: letters, digits, dots,
 * dashes, slashes and underscores (SAP material and vendor numbers, "1010", "101").
 */
export const ErpCodeSchema = noFormula(
  noHidden(
    z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[0-9A-Za-z._/-]+$/, 'may hold letters, digits, dots, dashes, slashes and underscores only'),
  ),
);

/** A lab value as the receipt carries it. */
export const GoodsReceiptLabValueSchema = z.object({
  name: z.string(),
  unit: z.string(),
  value: z.number(),
});

/** A deduction off the net, as the slip makes it (shared/queue/slip.ts). */
export const GoodsReceiptDeductionSchema = z.object({
  name: z.string(),
  /** Percentage points taken off the net. */
  percent: z.number(),
  kg: z.number(),
});

/** What a receipt says (kept as the row's payload): everything but its id and when it was made. */
export const GoodsReceiptBodySchema = z.object({
  /** 1, then 2 and on for each correction. */
  version: z.number(),
  /** The id of the receipt this version corrects; null for version 1. */
  corrects: z.number().nullable(),
  /** The ticket was voided after its receipt: this version cancels the receipt. */
  cancelled: z.boolean(),
  /** The plant day of the weigh-out (YYYY-MM-DD): the ERP's posting date. */
  day: z.string(),
  branch: z.object({ uuid: z.string(), name: z.string() }),
  /** The branch's ERP plant code and movement type ('' and '101' until an admin sets them). */
  plant_code: z.string(),
  movement_type: z.string(),
  ticket: z.object({ uuid: z.string(), queue_number: z.string() }),
  plate: z.string(),
  product: z.object({ name: z.string(), erp_code: z.string().nullable() }).nullable(),
  /**
   * Who delivered: its code (the quota number where it has one), the ERP's vendor number (its
   * own, else the code), and the season of the product whose quota it delivers under.
   */
  supplier: z
    .object({
      code: z.string(),
      name: z.string(),
      erp_code: z.string(),
      season: z.string().nullable(),
    })
    .nullable(),
  /** The booking it came on (issue 39), if any. */
  booking_code: z.string().nullable(),
  gross_kg: z.number(),
  tare_kg: z.number(),
  net_kg: z.number(),
  deductions: z.array(GoodsReceiptDeductionSchema),
  deducted_kg: z.number(),
  /** Net less the deductions: what is paid for. */
  paid_kg: z.number(),
  lab_values: z.array(GoodsReceiptLabValueSchema),
  weigh_in_at: InstantSchema,
  weigh_out_at: InstantSchema,
});
export type GoodsReceiptBody = z.infer<typeof GoodsReceiptBodySchema>;

export const GoodsReceiptSchema = GoodsReceiptBodySchema.extend({
  /** Increasing: an ERP polls with the last id it has. */
  id: z.number(),
  created: InstantSchema,
});
export type GoodsReceipt = z.infer<typeof GoodsReceiptSchema>;

/** Receipts a key's poll or the office's list answers at most at once. */
export const GOODS_RECEIPTS_PAGE_MAX = 500;

/** A plant day's receipts, or those after an id (a poll): one of the two. */
const ReceiptsQuerySchema = z.union([
  z.strictObject({ day: SiteDaySchema }),
  z.strictObject({
    /** The last receipt id the caller has; 0 for the first poll. */
    since_id: z.int().min(0),
    limit: z.int().min(1).max(GOODS_RECEIPTS_PAGE_MAX).optional(),
  }),
]);

/** The key's branch's goods receipts, every version (receipts:read). */
export const integrationGoodsReceipts = defineContract({
  path: 'integration/goodsReceipts',
  access: 'integration',
  scope: 'receipts:read',
  largeResponse: true,
  body: ReceiptsQuerySchema,
  response: OkSchema.extend({
    receipts: z.array(GoodsReceiptSchema),
    /** More lie after the last one (a poll): ask again with its id. */
    more: z.boolean(),
  }),
});

/** The office's list of a plant day's receipts, every version, in the order they were made. */
export const goodsReceipts = defineContract({
  path: 'report/goodsReceipts',
  access: 'report',
  largeResponse: true,
  body: z.strictObject({ day: SiteDaySchema }),
  response: OkSchema.extend({ receipts: z.array(GoodsReceiptSchema) }),
});

export const GOODS_RECEIPT_FORMATS = ['csv', 'json'] as const;

/** A plant day's receipts as a file: CSV (UTF-8 with its BOM, so Excel reads the Thai) or JSON. */
export const goodsReceiptsExport = defineContract({
  path: 'report/goodsReceiptsExport',
  access: 'report',
  body: z.strictObject({ day: SiteDaySchema, format: z.enum(GOODS_RECEIPT_FORMATS) }),
  response: OkSchema.extend({ file_name: z.string(), content: z.string(), rows: z.number() }),
});

/** The branch's ERP settings and its products' material codes. */
export const ErpSettingsSchema = z.object({
  plant_code: z.string(),
  movement_type: z.string(),
  products: z.array(z.object({ id: z.number(), name: z.string(), erp_code: z.string().nullable() })),
});
export type ErpSettings = z.infer<typeof ErpSettingsSchema>;

export const erpSettings = defineContract({
  path: 'admin/erpSettings',
  access: 'admin',
  body: z.strictObject({}),
  response: OkSchema.extend({ settings: ErpSettingsSchema }),
});

/** Sets the plant code, movement type and product codes (a product left out keeps its code; null clears it). */
export const saveErpSettings = defineContract({
  path: 'admin/saveErpSettings',
  access: 'admin',
  body: z.strictObject({
    plant_code: z.union([ErpCodeSchema, z.literal('')]),
    movement_type: ErpCodeSchema,
    products: z
      .array(z.strictObject({ id: IdSchema, erp_code: ErpCodeSchema.nullable() }))
      .max(500)
      .refine((p) => new Set(p.map((x) => x.id)).size === p.length, 'each product once'),
  }),
  response: OkSchema.extend({ settings: ErpSettingsSchema }),
});
