/**
 * The queue ticket's paper and header: the same for the kiosk's ticket and the back office's
 * (printed-ticket.tsx draws both).
 */

export const TICKET_WIDTH_MM = 72;
/** @page margins around the ticket on 80 mm paper: top, sides, bottom. */
export const PAGE_MARGIN_MM = { top: 2, side: 4, bottom: 6 } as const;
const PX_PER_MM = 96 / 25.4;

/**
 * The length of paper the ticket needs, in whole millimetres. Measured on screen, where the
 * ticket may be zoomed: its width (always TICKET_WIDTH_MM at print size) gives the scale. A
 * thermal printer's roll has no fixed page length, and CSS has no "as long as the content",
 * so the page is sized to the ticket (plus a little slack for the print layout's rounding).
 */
export function ticketPageLengthMm(measured: { width: number; height: number }, slackMm = 4): number | null {
  if (!(measured.width > 0) || !(measured.height > 0)) return null;
  const scale = measured.width / (TICKET_WIDTH_MM * PX_PER_MM);
  const heightMm = measured.height / scale / PX_PER_MM;
  return Math.ceil(heightMm + PAGE_MARGIN_MM.top + PAGE_MARGIN_MM.bottom + slackMm);
}

/** The ticket's first lines: the company, and under it the branch; the branch alone when no company is named. */
export interface TicketHeading {
  heading: string;
  subheading: string | null;
}

export function ticketHeading(companyName: string, branchName: string): TicketHeading {
  const company = companyName.trim();
  return company
    ? { heading: company, subheading: branchName.trim() && branchName !== company ? branchName : null }
    : { heading: branchName, subheading: null };
}
