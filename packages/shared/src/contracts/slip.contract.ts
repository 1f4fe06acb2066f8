import { z } from 'zod';
import { defineContract, OkSchema } from './api.ts';
import { PrintOutcomeSchema } from './printing.contract.ts';
import { SlipSchema } from './public-queue.contract.ts';

/**
 * A weighed-out truck's receiving slip as the weighbridge checks it before printing: the slip
 * (the driver's page's own) and the image an 80 mm thermal printer burns, as a PNG data URL.
 * NO_SLIP before the truck is weighed in and out.
 */
export const slipPreview = defineContract({
  path: 'process/weighing/slip',
  access: 'weighing',
  body: z.strictObject({ uuid: z.uuid() }),
  response: OkSchema.extend({ queue_number: z.string(), slip: SlipSchema, image: z.string() }),
});

/**
 * Prints a weighed-out truck's receiving slip: on a kiosk's printer (`printer_uuid`), or (null)
 * on the officer's own browser, which prints the preview's image once this answers. Every print
 * is kept (print_jobs, kind slip) and shows in the ticket's history; NO_SLIP before weigh-out.
 */
export const printSlip = defineContract({
  path: 'process/weighing/printSlip',
  access: 'weighing',
  body: z.strictObject({ uuid: z.uuid(), printer_uuid: z.uuid().nullable() }),
  response: OkSchema.extend({ print: PrintOutcomeSchema }),
});

export const slipContracts = { slipPreview, printSlip };
