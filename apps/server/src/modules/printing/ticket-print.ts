import { DEFAULT_CALENDAR } from '@truck-queue/shared/calendar';
import type { PaperWidth } from '@truck-queue/shared/printing/printer-status';
import { encodeTicketCode } from '@truck-queue/shared/scan/ticket-code';
import type { QueueView } from '../queue/queue.repository.ts';
import { ticketJob } from './escpos-job.ts';
import { renderTicket, type TicketRasterInput } from './ticket-raster.ts';

/** What a printed ticket says beyond the queue itself: the plant's names, clock and language. */
export interface TicketSettings {
  /** COMPANY_NAME: the company line when the branch has none. */
  companyName: string;
  siteTimeZone: string;
  language: TicketRasterInput['language'];
  /** PUBLIC_URL: where drivers' phones reach the driver's page; null: the caller's own origin. */
  publicUrl: string | null;
}

/** The branch's names and calendar, as the ticket prints them. */
export interface TicketBranch {
  name: string;
  companyName: string;
  calendar: 'BE' | 'CE';
}

/**
 * The driver's page of a ticket (the web's lib/driver-page.ts): what its QR code holds. The
 * base is PUBLIC_URL, else the origin the kiosk or officer reached the server by.
 */
export function driverPageUrl(uuid: string, base: string): string {
  return `${base.replace(/\/+$/, '')}/Queue/data/${encodeURIComponent(uuid)}`;
}

export const baseOf = (settings: TicketSettings, origin: string) => settings.publicUrl ?? origin;

/**
 * The top lines, as the web's ticketHeading (features/ticket/ticket-layout.ts): the company
 * (the branch's own name for it, else COMPANY_NAME), then the branch; the branch alone when no
 * company is named.
 */
export function headings(branch: TicketBranch, settings: TicketSettings) {
  const company = (branch.companyName || settings.companyName).trim();
  const name = branch.name.trim();
  return company
    ? { heading: company, subheading: name && name !== company ? name : null }
    : { heading: name, subheading: null };
}

/** A ticket as it prints: the same on its first print and every reprint (ahead at issue included). */
export function ticketInput(
  queue: Pick<
    QueueView,
    'id' | 'uuid' | 'queueNumber' | 'queueTypeName' | 'productName' | 'truckLicense' | 'created'
  > & { aheadAtIssue: number | null },
  branch: TicketBranch,
  settings: TicketSettings,
  origin: string,
  /** The plant's LINE chat with the ticket's code typed (line.ts); null: no LINE account. */
  lineChatUrl: string | null = null,
): TicketRasterInput {
  return {
    ...headings(branch, settings),
    queue_number: queue.queueNumber,
    queue_type_name: queue.queueTypeName,
    product_name: queue.productName,
    truck_license: queue.truckLicense,
    issued_at: queue.created,
    ahead_at_issue: queue.aheadAtIssue,
    follow_url: driverPageUrl(queue.uuid, baseOf(settings, origin)),
    ticket_code: encodeTicketCode(queue.id),
    language: settings.language,
    calendar: branch.calendar,
    time_zone: settings.siteTimeZone,
    ...(lineChatUrl ? { line_chat_url: lineChatUrl } : {}),
  };
}

/** The code a test print carries: not a ticket code (no "T-" prefix), so no scanner takes it for a truck. */
export const TEST_TICKET_CODE = 'TEST';

/**
 * A test print from the Printing controller: the ticket's whole layout, marked as a test, for
 * no queue: the kiosk's name where the queue type goes, a number of zeros, and a QR code of
 * the site itself (it scans, and leads to no ticket).
 */
export function testTicketInput(
  kioskName: string,
  branch: TicketBranch | null,
  settings: TicketSettings,
  origin: string,
  now: Date,
): TicketRasterInput {
  const names = branch ?? { name: '', companyName: '', calendar: DEFAULT_CALENDAR };
  return {
    ...headings(names, settings),
    queue_number: '000',
    queue_type_name: kioskName,
    product_name: '-',
    truck_license: '-',
    issued_at: now,
    ahead_at_issue: 0,
    follow_url: `${baseOf(settings, origin).replace(/\/+$/, '')}/`,
    ticket_code: TEST_TICKET_CODE,
    language: settings.language,
    calendar: names.calendar,
    time_zone: settings.siteTimeZone,
    test: true,
  };
}

/** The ESC/POS bytes that print a ticket on a roll of this width (rendered once, on the server). */
export async function ticketBytes(input: TicketRasterInput, paper: number): Promise<Uint8Array> {
  const width: PaperWidth = paper === 58 ? 58 : 80;
  return ticketJob(await renderTicket(input, width));
}
