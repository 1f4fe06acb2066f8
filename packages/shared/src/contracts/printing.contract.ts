import { z } from 'zod';
import {
  PAPER_WIDTHS,
  PRINT_FAILURES,
  PRINT_STATES,
  PRINT_TARGETS,
  PRINTER_HEALTHS,
} from '../printing/printer-status.ts';
import { defineContract, EmptyBodySchema, IdSchema, OkSchema } from './api.ts';

/**
 * Tickets on paper (printing/printer-status.ts): where a kiosk prints, whether a printer is
 * healthy, what became of each ticket's print (PRINT_STATES), and an officer's reprint.
 */
export const PrintStateSchema = z.enum(PRINT_STATES);
export type PrintState = z.infer<typeof PrintStateSchema>;
export const PrintFailureSchema = z.enum(PRINT_FAILURES);
export const PrinterHealthSchema = z.enum(PRINTER_HEALTHS);
export const PrintTargetSchema = z.enum(PRINT_TARGETS);
export const PaperWidthSchema = z.union(PAPER_WIDTHS.map((width) => z.literal(width)));

/** What became of one print of a ticket, as the call that asked for it answers. */
export const PrintOutcomeSchema = z.object({
  state: PrintStateSchema,
  /** Why it failed; null unless `state` is failed. */
  reason: PrintFailureSchema.nullable(),
  /** The print job (print_jobs.id); a USB kiosk fetches its bytes with it. Null for the browser. */
  job_id: z.number().nullable(),
  /** The printer it went to (the kiosk's name); null for the browser. */
  printer_name: z.string().nullable(),
});
export type PrintOutcome = z.infer<typeof PrintOutcomeSchema>;

/** A printer's health and when it was last read (null: never). */
export const PrinterHealthStateSchema = z.object({
  health: PrinterHealthSchema,
  /** ISO 8601 (UTC); null: never read. */
  checked_at: z.string().nullable(),
});
export type PrinterHealthState = z.infer<typeof PrinterHealthStateSchema>;

/** A kiosk's printer as officers choose and watch it (the calling page, the New ticket dialog). */
export const BranchPrinterSchema = z.object({
  uuid: z.string(),
  /** The kiosk's name. */
  name: z.string(),
  print_target: PrintTargetSchema,
  paper_width: PaperWidthSchema,
  ...PrinterHealthStateSchema.shape,
  /** USB and browser kiosks: whether the kiosk's screen is connected now (a USB job needs it). */
  connected: z.boolean(),
});
export type BranchPrinter = z.infer<typeof BranchPrinterSchema>;

/** The branch's registered kiosks and their printers' health (the calling page warns from it). */
export const branchPrinters = defineContract({
  path: 'calling/printers',
  access: 'calling',
  body: EmptyBodySchema,
  response: OkSchema.extend({ printers: z.array(BranchPrinterSchema) }),
});

/**
 * Prints a ticket of the branch again: on a kiosk's printer (`printer_uuid`), or (null) on the
 * officer's own browser, which prints it itself once this answers. Every reprint is kept
 * (print_jobs, with the officer) and shows in the ticket's history. A voided or finished
 * ticket is refused (QUEUE_CLOSED): a driver must not hold a live-looking ticket for it.
 */
export const reprintTicket = defineContract({
  path: 'calling/reprintTicket',
  access: 'calling',
  body: z.strictObject({ uuid: z.uuid(), printer_uuid: z.uuid().nullable() }),
  response: OkSchema.extend({ print: PrintOutcomeSchema }),
});

/** One print of a ticket, in its history: issue, reprint or slip, where, by whom, what became of it. */
export const PrintJobEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** The ticket's first print, a reprint, or the receiving slip printed at weigh-out. */
  kind: z.enum(['issue', 'reprint', 'slip']),
  state: PrintStateSchema,
  reason: PrintFailureSchema.nullable(),
  /** The kiosk whose printer it went to; null: a browser's print dialog. */
  printer_name: z.string().nullable(),
  /** The officer who asked (New ticket or reprint); null when a kiosk issued it. */
  officer_name: z.string().nullable(),
});
export type PrintJobEntry = z.infer<typeof PrintJobEntrySchema>;

/** Reads a kiosk's printer now (network: the server asks it; USB: the kiosk's last report). */
export const checkPrinter = defineContract({
  path: 'printer/checkPrinter',
  access: 'admin',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema.extend({ printer: PrinterHealthStateSchema }),
});

/** Prints a sample ticket (marked as a test, tied to no queue) on a kiosk's printer. */
export const testPrint = defineContract({
  path: 'printer/testPrint',
  access: 'admin',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema.extend({ print: PrintOutcomeSchema }),
});

/**
 * A USB kiosk fetches a job's ESC/POS bytes (base64) to send to its printer: its own ticket's
 * after issuing, or an officer's reprint the server pushed with `printJob`. Only jobs for
 * this kiosk that are still pending.
 */
export const devicePrintJob = defineContract({
  path: 'device/printJob',
  access: 'device',
  device: 'printer',
  body: z.strictObject({ job_id: IdSchema }),
  response: OkSchema.extend({ job_id: z.number(), data: z.string() }),
});

/**
 * A USB kiosk says what became of a job: printed (its printer confirmed, healthy) or failed
 * and why, with its printer's health after. A second report of the same job changes nothing.
 */
export const devicePrintResult = defineContract({
  path: 'device/printResult',
  access: 'device',
  device: 'printer',
  body: z.strictObject({
    job_id: IdSchema,
    outcome: z.enum(['printed', 'failed']),
    reason: PrintFailureSchema.nullable(),
    health: PrinterHealthSchema,
  }),
  response: OkSchema,
});

/**
 * A host an admin types for a network printer: an IPv4 address or a host name. The server
 * prints only to addresses on the plant's own network (private, loopback or link-local), so a
 * printer setting cannot point it at the internet.
 */
export const PrinterHostSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/, 'must be an IPv4 address or a host name');

/** The print settings of a kiosk's edit body (printer/doMainPrinter): each left out keeps its value. */
export const PrintSettingsFields = {
  print_target: PrintTargetSchema.optional(),
  printer_host: PrinterHostSchema.nullable().optional(),
  printer_port: z.int().min(1).max(65_535).optional(),
  paper_width: PaperWidthSchema.optional(),
};

export const printingContracts = {
  branchPrinters,
  reprintTicket,
  checkPrinter,
  testPrint,
  devicePrintJob,
  devicePrintResult,
};
