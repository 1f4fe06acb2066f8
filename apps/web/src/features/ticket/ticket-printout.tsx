import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { config } from '../../lib/config.ts';
import { driverPageUrl } from '../../lib/driver-page.ts';
import type { Branch } from '@truck-queue/shared/contracts/auth.contract';
import { PrintedTicket } from './printed-ticket.tsx';
import { ticketHeading } from './ticket-layout.ts';

/**
 * While mounted, printing the page prints this ticket alone (the rest of the body is hidden).
 * On screen it stays out of sight but laid out, so the ticket is measured for its paper length
 * as on the kiosk.
 */
const PRINT_CSS = `
.tq-ticket-print {
  position: fixed; top: 0; left: -10000px; pointer-events: none;
  --tqk-ticket-zoom: 1;
}
@media print {
  html, body { background: #fff !important; }
  body > *:not(.tq-ticket-print) { display: none !important; }
  .tq-ticket-print { position: static; left: auto; }
}
`;

/**
 * The ticket an officer prints from the back office's New ticket dialog: the kiosk's ticket
 * (printed-ticket.tsx), with the company and branch of the officer's branch, on the same
 * 80 mm paper.
 */
export function TicketPrintout({ ticket, branch }: { ticket: Ticket; branch: Branch | null }) {
  const { t } = useTranslation();
  const heading = ticketHeading(branch?.company_name || config.companyName, branch?.name || t('app.name'));
  return createPortal(
    <div className="tq-ticket-print" aria-hidden="true" data-testid="ticket-printout">
      <style>{PRINT_CSS}</style>
      <PrintedTicket ticket={ticket} heading={heading} followUrl={driverPageUrl(ticket.uuid)} />
    </div>,
    document.body,
  );
}
