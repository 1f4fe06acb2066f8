import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { config } from '../../../lib/config.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { readBranch } from '../../../lib/session.ts';
import { PlatesText } from '../../plates/plates-text.tsx';

/** While mounted, printing the page prints only this ticket (the rest of the body is hidden). */
const PRINT_CSS = `
.tq-ticket-print { display: none; }
@media print {
  @page { margin: 6mm; }
  html, body { background: #fff !important; }
  body > *:not(.tq-ticket-print) { display: none !important; }
  .tq-ticket-print {
    display: block; width: 72mm; margin: 0 auto; color: #000; text-align: center;
    font-family: 'Sarabun', 'Noto Sans', sans-serif; font-size: 11pt; line-height: 1.4;
  }
  .tq-ticket-print .tq-number { font-size: 44pt; font-weight: 800; line-height: 1.1; margin: 2mm 0; }
  .tq-ticket-print dl { display: grid; grid-template-columns: auto 1fr; gap: 1mm 3mm; text-align: left; margin: 3mm 0; }
  .tq-ticket-print dt { font-weight: 600; }
  .tq-ticket-print dd { margin: 0; word-break: break-word; }
  .tq-ticket-print hr { border: 0; border-top: 1px dashed #000; margin: 3mm 0; }
  .tq-ticket-print .tq-small { font-size: 9pt; word-break: break-all; }
}
`;

/** A plain printable ticket (the kiosk's ticket with a QR code is a separate screen). */
export function TicketPrint({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const heading = config.companyName || readBranch()?.name || t('app.name');
  const followUrl = `${window.location.origin}/Queue/data/${ticket.uuid}`;
  return createPortal(
    <div className="tq-ticket-print" aria-hidden="true">
      <style>{PRINT_CSS}</style>
      <div style={{ fontWeight: 700 }}>{heading}</div>
      <div>{t('ticket.print.heading')}</div>
      <div className="tq-number">{ticket.queue_number}</div>
      <hr />
      <dl>
        <dt>{t('ticket.queueType')}</dt>
        <dd>{ticket.queue_type_name}</dd>
        <dt>{t('ticket.product')}</dt>
        <dd>{ticket.product_name}</dd>
        <dt>{t('ticket.licence')}</dt>
        <dd>
          <PlatesText licence={ticket.truck_license} />
        </dd>
        <dt>{t('ticket.issuedAt')}</dt>
        <dd>{formatDateTime(ticket.created)}</dd>
      </dl>
      <hr />
      <div className="tq-small">{t('ticket.print.follow')}</div>
      <div className="tq-small">{followUrl}</div>
      <div className="tq-small" style={{ marginTop: '2mm' }}>
        {t('ticket.print.keep')}
      </div>
    </div>,
    document.body,
  );
}
