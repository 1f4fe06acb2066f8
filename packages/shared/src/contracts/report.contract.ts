import { z } from 'zod';
import { WEIGHT_SOURCES } from '../queue/weighing.ts';
import { LabResultSchema } from './lab.contract.ts';
import { QUEUE_STATES } from '../queue/queue-machine.ts';
import { defineContract, noNul, OkSchema } from './api.ts';
import { MaybeInstantSchema, InstantSchema } from './queue.contract.ts';

/** A site calendar day as the filters send it (SPEC.md section 9: YYYY-MM-DD). */
export const SiteDaySchema = z.iso.date('must be a date YYYY-MM-DD');

/** The longest period a report covers in one request. */
export const REPORT_MAX_DAYS = 366;

interface Period {
  find_start: string;
  find_finish: string;
}

const ordered = (p: Period) => p.find_start <= p.find_finish;

/** find_start .. find_finish, both included, in the site's calendar; at most REPORT_MAX_DAYS. */
function period<T extends z.ZodRawShape>(shape: T) {
  return z
    .strictObject({ find_start: SiteDaySchema, find_finish: SiteDaySchema, ...shape })
    .refine((p) => ordered(p as Period), {
      message: 'find_start must not be after find_finish',
      path: ['find_finish'],
    })
    .refine((p) => daysBetween((p as Period).find_start, (p as Period).find_finish) < REPORT_MAX_DAYS, {
      message: `a report covers at most ${REPORT_MAX_DAYS} days`,
      path: ['find_finish'],
    });
}

export const PeriodSchema = period({});

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Seconds, or null when no queue of the period has both stamps of the stage. */
const Seconds = z.number().nullable();

/**
 * The dashboard (SPEC.md sections 3 and 4): queues issued in the period, per queue type, with
 * the average seconds of each stage over the queues that went through it. Engines 1 and 2:
 * QS→C, C→F, F→exit; engine 3: QS→LS, LS→LF, LF→C, C→F, F→exit.
 */
export const periodDashboardByQueueType = defineContract({
  path: 'report/periodDashboardByQueueType',
  access: 'dashboard',
  body: PeriodSchema,
  response: OkSchema.extend({
    dataOverall: z.object({
      total: z.number(),
      /** Still in the factory (exit not recorded). */
      waiting: z.number(),
      /** Left through the gate. */
      completed: z.number(),
      /** Voided tickets: counted apart, in none of the figures above. */
      voided: z.number(),
      /** Called, did not come, and cancelled (the branch's no-show rule). */
      no_show: z.number(),
    }),
    dataReport: z.array(
      z.object({
        queue_type_name: z.string(),
        queue_total: z.number(),
        /** Ticket to exit, over the queues that left. */
        in_factory_time_average: Seconds,
        flow_engine: z.number(),
        average_qs_to_c: Seconds,
        second_c_to_f: Seconds,
        average_f_to_qf: Seconds,
        average_qs_to_ls: Seconds,
        average_ls_to_lf: Seconds,
        average_lf_to_c: Seconds,
        average_c_to_f: Seconds,
      }),
    ),
  }),
});

/** Hours of the clock (0 to 23): the arrivals chart has one bar each. */
export const HOURS_PER_DAY = 24;

/** One plant day of the dashboard's trends: trucks issued, trucks weighed in and out, their net (kg). */
export const DashboardDaySchema = z.object({
  day: z.string(),
  trucks: z.number(),
  weighed: z.number(),
  net_kg: z.number(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/**
 * The dashboard's trends over the same period as its figures: tickets issued per hour of the
 * site's clock (index 0 is 00:00–00:59), and every plant day of the period (days without a truck
 * too) with its trucks and net tonnage, counted as the summary report's totals count them.
 * Voided tickets are in neither.
 */
export const dashboardTrends = defineContract({
  path: 'report/dashboardTrends',
  access: 'dashboard',
  body: PeriodSchema,
  response: OkSchema.extend({
    arrivals_by_hour: z.array(z.number()).length(HOURS_PER_DAY),
    days: z.array(DashboardDaySchema),
  }),
});

/** A supplier's id (issue 39); 0, "" or absent: every truck, with a supplier or not. */
const SupplierFilterSchema = z.union([z.literal('').transform(() => 0), z.int32().min(0)]).default(0);

export const InOutFilterSchema = period({
  /** Part of a licence, as typed; empty: every truck. */
  find_license: noNul(z.string().trim().max(20)).default(''),
  find_supplier: SupplierFilterSchema,
  /**
   * A product id; 0, "" or absent: every product (the dropdown's "please specify"; some clients
   * send its empty value as "").
   */
  find_product: z.union([z.literal('').transform(() => 0), z.int32().min(0)]).default(0),
});

export const InOutRowSchema = z.object({
  uuid: z.string(),
  queue_number: z.string(),
  /** The number it was issued with, when a transfer gave it another. */
  previous_number: z.string().nullable(),
  queue_state: z.enum(QUEUE_STATES),
  truck_license: z.string(),
  queue_type_name: z.string(),
  product_name: z.string(),
  /** Who brought the load (issue 39): its supplier's code and name; null for none. */
  supplier_code: z.string().nullable(),
  supplier_name: z.string().nullable(),
  /** Card received (ticket issued). */
  created: InstantSchema,
  stamp_lab_start: MaybeInstantSchema,
  stamp_lab_finish: MaybeInstantSchema,
  /** Lab duration in seconds; null without both lab stamps. */
  stamp_second_ls_to_lf: z.number().nullable(),
  exit: MaybeInstantSchema,
  /** Ticket to exit in seconds; null until the truck leaves. */
  time_in_factory: z.number().nullable(),
  /** Why it was sent to recheck or rejected, and the officer's note. */
  reason_name: z.string().nullable(),
  reason_note: z.string().nullable(),
  /** The gate let it out before its work was done (the officer confirmed). */
  left_unfinished: z.boolean(),
  /** The lab's values of its sample (its queue type's measurements), in their order. */
  lab_values: z.array(LabResultSchema),
});
export type InOutRow = z.infer<typeof InOutRowSchema>;

/** The screen shows at most this many rows; the export has them all, up to its own limit. */
export const IN_OUT_MAX_ROWS = 5000;
/** The most rows an Excel export of any report holds; a larger one asks for a shorter period. */
export const REPORT_EXPORT_MAX_ROWS = 100_000;

/** Where a made export is downloaded (GET, with the token that an export call answers). */
export const REPORT_DOWNLOAD_PATH = '/api/report/download/';

export const inOutTransaction = defineContract({
  path: 'report/inOutTransaction',
  access: 'report',
  largeResponse: true,
  body: InOutFilterSchema,
  response: OkSchema.extend({
    rows: z.array(InOutRowSchema),
    /** Rows matching the filter; more than rows.length when the screen's limit cut the list. */
    total: z.number(),
    /** Voided tickets of the period matching the filter: in no row, counted apart. */
    voided: z.number(),
  }),
});

export const inOutTransactionExport = defineContract({
  path: 'report/inOutTransactionExport',
  access: 'report',
  body: InOutFilterSchema,
  response: OkSchema.extend({
    /** Download address of the .xlsx: for this session only, for a few minutes. */
    excel_url: z.string(),
    rows: z.number(),
  }),
});

/** The summary report's sortable columns (SPEC.md section 2), plus the ticket's time (default). */
export const SUMMARY_SORT_FIELDS = [
  'created',
  'license_no',
  'incoming_weight',
  'output_weight',
  'document_pick_up',
  'time_works',
  'weigh_in',
  'weigh_out',
  'total_time',
  'time_wait',
] as const;
export type SummarySortField = (typeof SUMMARY_SORT_FIELDS)[number];

/** Page sizes 10 to 100 in tens (SPEC.md section 9). */
export const SUMMARY_PAGE_SIZES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

export const SummaryRowSchema = z.object({
  uuid: z.string(),
  queue_number: z.string(),
  created: InstantSchema,
  license_no: z.string(),
  /** What it delivered ('' when the ticket names no product). */
  product_name: z.string(),
  /** Who brought the load (issue 39): its supplier's code and name; null for none. */
  supplier_code: z.string().nullable(),
  supplier_name: z.string().nullable(),
  /** Weigh-in and weigh-out, kg; null until weighed. */
  incoming_weight: z.number().nullable(),
  output_weight: z.number().nullable(),
  /**
   * Its receiving slip (shared/queue/slip.ts), kg: net (gross less tare), what the lab's values
   * take off, and the paid weight; null until weighed in and out.
   */
  net_weight: z.number().nullable(),
  deducted_weight: z.number().nullable(),
  paid_weight: z.number().nullable(),
  /** The lab took the truck's sample and papers (lab start). */
  document_pick_up: MaybeInstantSchema,
  /** The lab result was ready (lab finish). */
  time_works: MaybeInstantSchema,
  weigh_in: MaybeInstantSchema,
  weigh_out: MaybeInstantSchema,
  /** Where each weight came from (WEIGHT_SOURCES): a scale's indicator, or typed by hand (marked on screen and in the export). */
  weigh_in_source: z.enum(WEIGHT_SOURCES).nullable(),
  weigh_out_source: z.enum(WEIGHT_SOURCES).nullable(),
  /** Why a weight was typed by hand; the scale a weight was captured from (its name). */
  weigh_in_reason: z.string().nullable(),
  weigh_out_reason: z.string().nullable(),
  weigh_in_scale: z.string().nullable(),
  weigh_out_scale: z.string().nullable(),
  /** Ticket to exit, seconds; null until the truck leaves. */
  total_time: z.number().nullable(),
  /** Ticket to first call, seconds; null until called. */
  time_wait: z.number().nullable(),
});
export type SummaryRow = z.infer<typeof SummaryRowSchema>;

/** The summary report: one page of the period's tickets, filtered and sorted on the server. */
/** The summary's filter and order: what the screen and its export share. */
const summaryFilter = {
  find_license: noNul(z.string().trim().max(20)).default(''),
  find_supplier: SupplierFilterSchema,
  sort_field: z.enum(SUMMARY_SORT_FIELDS).default('created'),
  sort_order: z.enum(['ascend', 'descend']).default('ascend'),
};

export const summaryReport = defineContract({
  path: 'report/summary',
  access: 'report',
  largeResponse: true,
  body: period({
    ...summaryFilter,
    page: z.number().int().min(1).max(1_000_000).default(1),
    page_size: z
      .number()
      .int()
      .refine((n) => (SUMMARY_PAGE_SIZES as readonly number[]).includes(n), 'must be 10, 20, … or 100')
      .default(10),
  }),
  response: OkSchema.extend({
    rows: z.array(SummaryRowSchema),
    /** Rows matching the filter, over all pages. */
    total: z.number(),
  }),
});

/** The summary as an .xlsx: every row of the filter (no paging), in the screen's order. */
export const summaryReportExport = defineContract({
  path: 'report/summaryExport',
  access: 'report',
  body: period(summaryFilter),
  response: OkSchema.extend({
    /** Download address of the .xlsx: for this session only, for a few minutes. */
    excel_url: z.string(),
    rows: z.number(),
  }),
});

/** Trucks and tonnage of a set of tickets: how many, how many weighed in and out, and their slips' sums (kg). */
export const ReceiptTotalsSchema = z.object({
  trucks: z.number(),
  weighed: z.number(),
  net_kg: z.number(),
  deducted_kg: z.number(),
  paid_kg: z.number(),
});
export type ReceiptTotals = z.infer<typeof ReceiptTotalsSchema>;

/** One product's totals ('' for tickets that name no product). */
export const ProductTotalsSchema = ReceiptTotalsSchema.extend({ product_name: z.string() });
export type ProductTotals = z.infer<typeof ProductTotalsSchema>;

/**
 * The summary's totals for the same filter as its rows: per plant day and product, each day's
 * total, and the period's total and its products'. Asked once per filter (not per page).
 */
export const summaryTotals = defineContract({
  path: 'report/summaryTotals',
  access: 'report',
  body: period({ find_license: summaryFilter.find_license, find_supplier: summaryFilter.find_supplier }),
  response: OkSchema.extend({
    days: z.array(ReceiptTotalsSchema.extend({ day: z.string(), products: z.array(ProductTotalsSchema) })),
    period: ReceiptTotalsSchema.extend({ products: z.array(ProductTotalsSchema) }),
  }),
});

/** The branch's products for the in/out report's product filter, retired ones included (old tickets have them). */
export const reportProducts = defineContract({
  path: 'report/products',
  access: 'report',
  body: z.strictObject({}),
  response: OkSchema.extend({
    product: z.array(z.object({ id: z.number(), name: z.string(), active: z.boolean() })),
  }),
});

/** A line (branch queue type) as the order report names it. */
const ReportLineSchema = z.object({
  branch_queue_type_id: z.number(),
  queue_type_name: z.string(),
  prefix: z.string(),
});

/** One line and class of the order report's waits: first call after joining the line. */
export const LineWaitRowSchema = ReportLineSchema.extend({
  /** '' = the ordinary trucks (the web names them). */
  class_key: z.string(),
  /** The class's name in the line's rule today; '' for the ordinary trucks or a class since removed. */
  class_name: z.string(),
  /** Trucks called at least once. */
  trucks: z.number(),
  median_seconds: Seconds,
  p90_seconds: Seconds,
});
export type LineWaitRow = z.infer<typeof LineWaitRowSchema>;

/** One officer's calls of the period, and those that passed over the rule's next truck, with why. */
export const OfficerOrderRowSchema = z.object({
  officer_id: z.number().nullable(),
  /** '' when no officer is recorded (a device's call). */
  officer_name: z.string(),
  calls: z.number(),
  /** Calls of another truck than the one the line's rule called next. */
  passed: z.number(),
  /** The out-of-order reasons of those calls, most given first. */
  reasons: z.array(z.object({ name: z.string(), count: z.number() })),
  /** Passed calls without a reason (the line did not ask one). */
  without_reason: z.number(),
});
export type OfficerOrderRow = z.infer<typeof OfficerOrderRowSchema>;

/** One plant day of a class's daily cap in a line: its share of the day's loads or tonnes against its max. */
export const CapDayRowSchema = ReportLineSchema.extend({
  day: z.string(),
  class_key: z.string(),
  class_name: z.string(),
  of: z.enum(['loads', 'tonnes']),
  max_percent: z.number(),
  /** The class's loads (or net tonnes) of the day, first calls. */
  class_amount: z.number(),
  /** The line's loads (or net tonnes) of the day. */
  total_amount: z.number(),
  /** class_amount / total_amount in percent (one decimal); null when the line had none. */
  percent: z.number().nullable(),
  /** Trucks a manager admitted past the cap that day. */
  admitted: z.number(),
});
export type CapDayRow = z.infer<typeof CapDayRowSchema>;

/**
 * Who went first (issue 38), over the plant days of a period: waits per line and class (joining
 * the line to the first call), each officer's out-of-order calls with their reasons, and each
 * capped class's share per day against its cap (caps as the lines' rules stand today).
 */
export const lineOrderReport = defineContract({
  path: 'report/lineOrder',
  access: 'report',
  body: PeriodSchema,
  response: OkSchema.extend({
    waits: z.array(LineWaitRowSchema),
    officers: z.array(OfficerOrderRowSchema),
    caps: z.array(CapDayRowSchema),
  }),
});

export const reportContracts = {
  lineOrderReport,
  reportProducts,
  periodDashboardByQueueType,
  dashboardTrends,
  inOutTransaction,
  inOutTransactionExport,
  summaryReport,
  summaryReportExport,
  summaryTotals,
};
