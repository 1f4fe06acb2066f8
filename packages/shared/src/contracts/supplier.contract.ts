import { z } from 'zod';
import { defineContract, IdSchema, noFormula, noHidden, OkSchema, text } from './api.ts';
import { ErpCodeSchema } from './goods-receipt.contract.ts';
import { TagSchema } from './identification.contract.ts';
import { LicenceSearchSchema, TruckLicenseSchema } from './queue.contract.ts';

/**
 * Who brings the loads (issue 39): a branch's suppliers (growers, their group leaders, middlemen,
 * companies) and the vehicles each is known by. Officers pick a supplier when they issue a
 * ticket, or the plate finds it; the office keeps the list, by hand or from a spreadsheet.
 */

export const SUPPLIER_KINDS = ['grower', 'leader', 'middleman', 'company'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

/** At most this many vehicles per supplier. */
export const SUPPLIER_VEHICLES_MAX = 50;
/** A page of the supplier list holds at most this many. */
export const SUPPLIER_PAGE_MAX = 100;
/** An import file is at most this large (bytes, as sent before base64). */
export const SUPPLIER_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** An import file holds at most this many rows. */
export const SUPPLIER_IMPORT_MAX_ROWS = 20_000;

/**
 * A supplier's code: the quota number where it has one (เลขโควตา), else the plant's own
 * number. Letters (Thai or Latin), digits, dots, dashes and slashes; compared without case.
 */
export const SupplierCodeSchema = noFormula(
  noHidden(
    z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^[0-9A-Za-z\u0E01-\u0E5B./-]+$/u, 'may hold letters, digits, dots, dashes and slashes only'),
  ),
);

/** The check digit of a Thai tax id (its 13th digit) from its first 12. */
export function thaiTaxIdCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (13 - i);
  return (11 - (sum % 11)) % 10;
}

/** A Thai tax id (a person's national id or a company's): 13 digits, dashes and spaces aside, its check digit right. */
export const ThaiTaxIdSchema = z
  .string()
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .regex(/^\d{13}$/, 'must be 13 digits')
  .refine((value) => thaiTaxIdCheckDigit(value) === Number(value[12]), 'has a wrong check digit');

/** A phone number as people write it ("081-234 5678", "+66 81 234 5678"): kept as digits (and a leading +). */
export const PhoneSchema = z
  .string()
  .overwrite((value) => value.replace(/[\s().-]/g, ''))
  .regex(/^\+?\d{9,15}$/, 'must be a phone number of 9 to 15 digits');

export const SupplierInputSchema = z.strictObject({
  /** Left out: a new supplier. */
  id: IdSchema.optional(),
  code: SupplierCodeSchema,
  name: text(120),
  kind: z.enum(SUPPLIER_KINDS),
  phone: PhoneSchema.nullable(),
  tax_id: ThaiTaxIdSchema.nullable(),
  /** The group leader (a supplier of kind 'leader') a grower delivers under; null for none. */
  leader_id: IdSchema.nullable(),
  active: z.boolean(),
  /** The plates it delivers with; a plate belongs to one supplier of the branch. */
  vehicles: z.array(TruckLicenseSchema).max(SUPPLIER_VEHICLES_MAX),
  /**
   * The ERP's vendor number for its goods receipts (issue 42); null: its code. Left out, an
   * update keeps the one it has (the import leaves it alone).
   */
  erp_code: ErpCodeSchema.nullable().optional(),
  /**
   * The RFID tag each vehicle carries (issue 42: a reader at the gate or the weighbridge finds the
   * truck by it), by its plate as in `vehicles`; a vehicle not named carries none. Left out, the
   * vehicles kept keep the tags they have.
   */
  vehicle_tags: z
    .record(z.string().max(40), TagSchema)
    .refine((tags) => Object.keys(tags).length <= SUPPLIER_VEHICLES_MAX, {
      message: `names at most ${SUPPLIER_VEHICLES_MAX} vehicles`,
    })
    .optional(),
});
export type SupplierInput = z.input<typeof SupplierInputSchema>;

export const SupplierSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(SUPPLIER_KINDS),
  phone: z.string().nullable(),
  tax_id: z.string().nullable(),
  leader_id: z.number().nullable(),
  /** The leader's code and name, for the list. */
  leader: z.object({ code: z.string(), name: z.string() }).nullable(),
  active: z.boolean(),
  vehicles: z.array(z.string()),
  /** The tags its vehicles carry, by plate (only the vehicles that carry one). */
  vehicle_tags: z.record(z.string(), z.string()),
  erp_code: z.string().nullable(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

/**
 * The branch's suppliers, a page at a time, by code: those whose code, name or a plate holds
 * `find` (plates compared as the one-active-ticket rule compares them). Inactive ones only when asked.
 */
export const listSuppliers = defineContract({
  path: 'admin/supplier/list',
  access: 'suppliers',
  body: z.strictObject({
    find: noHidden(z.string().trim().max(120)).default(''),
    include_inactive: z.boolean().default(false),
    kind: z.enum(SUPPLIER_KINDS).optional(),
    page: z.int32().min(1).default(1),
    page_size: z.int32().min(1).max(SUPPLIER_PAGE_MAX).default(20),
  }),
  response: OkSchema.extend({ suppliers: z.array(SupplierSchema), total: z.number() }),
});

/**
 * Creates or updates a supplier. Refused (CONFLICT, by `reason`): a code another supplier of the
 * branch holds (SUPPLIER_CODE_TAKEN), a plate another supplier holds (PLATE_TAKEN; the message
 * names it), a tag another supplier's vehicle carries (TAG_TAKEN). VALIDATION_FAILED: a tag
 * for a plate not among `vehicles` or one tag on two vehicles (`vehicle_tags.<plate>`), a leader
 * that is not a leader of the branch or is the supplier itself (leader_id), a leader made
 * another kind while suppliers deliver under it (kind).
 */
export const saveSupplier = defineContract({
  path: 'admin/supplier/save',
  access: 'suppliers',
  body: SupplierInputSchema,
  response: OkSchema.extend({ supplier: SupplierSchema }),
});

/** What an import found wrong in one cell (or row): its row in the file (1 = the header), its column, a stable code. */
export const ImportProblemSchema = z.object({
  row: z.number(),
  /** The column's key (code, name, kind, phone, tax_id, leader_code, vehicles, tags, active); null: the whole row. */
  column: z.string().nullable(),
  code: z.enum([
    /** A column the import needs is not in the header. */
    'MISSING_COLUMN',
    /** A cell that must have a value is empty. */
    'REQUIRED',
    /** A value that does not read as its column's (its `message` says why). */
    'INVALID',
    /** The same code twice in the file. */
    'DUPLICATE_CODE',
    /** A leader code that is neither in the file nor a leader of the branch. */
    'UNKNOWN_LEADER',
    /** A plate another supplier holds (in the file or the branch). */
    'PLATE_TAKEN',
    /** An RFID tag another vehicle carries (in the file or the branch). */
    'TAG_TAKEN',
    /** More rows than SUPPLIER_IMPORT_MAX_ROWS. */
    'TOO_MANY_ROWS',
  ]),
  /** The value as read (cut to 60 characters). */
  value: z.string(),
  /** Why, in English (the screen says it from `code` in the officer's language). */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/**
 * Suppliers from a spreadsheet (.xlsx, or .csv in UTF-8 or Windows-874): a header row (Thai or
 * English column names, docs/suppliers.md), then a supplier per row, matched by code: a new
 * code is created, a known one updated. Nothing is written while any row has a problem, nor
 * when `apply` is false (a check first): the answer lists every problem by row and column.
 * A file that does not read as a spreadsheet is refused VALIDATION_FAILED on content_base64.
 */
export const importSuppliers = defineContract({
  path: 'admin/supplier/import',
  access: 'suppliers',
  // Base64 is a third larger than the file.
  bodyLimit: Math.ceil((SUPPLIER_IMPORT_MAX_BYTES * 4) / 3) + 4096,
  body: z.strictObject({
    file_name: text(200).regex(/\.(xlsx|csv)$/i, 'must be an .xlsx or .csv file'),
    content_base64: z
      .string()
      .max(Math.ceil((SUPPLIER_IMPORT_MAX_BYTES * 4) / 3) + 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
    apply: z.boolean(),
  }),
  response: OkSchema.extend({
    rows: z.number(),
    created: z.number(),
    updated: z.number(),
    /** Whether the suppliers were written (apply, and no problem). */
    applied: z.boolean(),
    problems: z.array(ImportProblemSchema),
  }),
});

/**
 * The branch's suppliers as a spreadsheet in the import's own columns (Thai headers), which is
 * also the template to fill in; downloaded as a report's export is (REPORT_DOWNLOAD_PATH).
 */
export const exportSuppliers = defineContract({
  path: 'admin/supplier/export',
  access: 'suppliers',
  body: z.strictObject({ include_inactive: z.boolean() }),
  response: OkSchema.extend({ excel_url: z.string(), rows: z.number() }),
});

/** A supplier as the ticket desk finds it: enough to pick the right one. */
export const SupplierChoiceSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(SUPPLIER_KINDS),
  leader_name: z.string().nullable(),
  /** It has the plate `licence` among its vehicles: the ticket's supplier by its plate. */
  owns_plate: z.boolean(),
});
export type SupplierChoice = z.infer<typeof SupplierChoiceSchema>;

/**
 * The ticket desk's supplier search: the branch's active suppliers whose code or name holds
 * `find`, or who hold the plate `licence` (a plate typed for the ticket), at most 10, a plate's
 * owner first.
 */
export const findSupplier = defineContract({
  path: 'process/printer/findSupplier',
  access: 'calling',
  body: z.strictObject({
    find: noHidden(z.string().trim().max(120)).default(''),
    licence: LicenceSearchSchema.optional(),
  }),
  response: OkSchema.extend({ suppliers: z.array(SupplierChoiceSchema) }),
});
