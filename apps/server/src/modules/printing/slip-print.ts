import type { PaperWidth } from '@truck-queue/shared/printing/printer-status';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import { formatSiteTime } from '../../lib/site-time.ts';
import { conflict } from '../../lib/app-error.ts';
import type { LabOf } from '../lab/lab.service.ts';
import type { QueueView } from '../queue/queue.repository.ts';
import { toSlip } from '../queue/slip.view.ts';
import { ticketJob } from './escpos-job.ts';
import { renderSlip, type SlipRasterInput } from './slip-raster.ts';
import { baseOf, driverPageUrl, headings, type TicketBranch, type TicketSettings } from './ticket-print.ts';

/**
 * A weighed-out truck's receiving slip as it prints: the driver's page's own slip (slip.view.ts,
 * its times on the site's clock in the branch's calendar, as his page writes them) with the
 * plant's names, the truck, and the QR of his page. A truck not weighed in and out has none
 * (CONFLICT / NO_SLIP).
 */
export function slipInput(
  queue: QueueView,
  lab: LabOf,
  branch: TicketBranch,
  settings: TicketSettings,
  origin: string,
  now: Date,
  /** A plate camera's latest picture of the truck, if one is kept. */
  photo: { jpeg: Buffer; at: Date } | null = null,
): SlipRasterInput {
  const at = (instant: Date) => formatSiteTime(instant, settings.siteTimeZone, branch.calendar);
  const slip = toSlip(queue, lab, at);
  if (!slip) {
    throw conflict(
      `Ticket ${queue.queueNumber} is not weighed in and out: it has no receiving slip yet.`,
      'NO_SLIP',
      queue.queueNumber,
    );
  }
  return {
    ...headings(branch, settings),
    queue_number: queue.queueNumber,
    queue_type_name: queue.queueTypeName,
    product_name: queue.productName,
    truck_license: queue.truckLicense,
    ticket_code: encodeTicketCode(queue.id),
    slip,
    printed_at: at(now),
    follow_url: driverPageUrl(queue.uuid, baseOf(settings, origin)),
    language: settings.language,
    photo: photo && { jpeg: photo.jpeg, at: at(photo.at) },
  };
}

/** The ESC/POS bytes that print a slip on a roll of this width. */
export async function slipBytes(input: SlipRasterInput, paper: number): Promise<Uint8Array> {
  const width: PaperWidth = paper === 58 ? 58 : 80;
  return ticketJob(await renderSlip(input, width));
}
