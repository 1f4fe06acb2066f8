import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { Code128Svg } from '../../../lib/barcode/code128-svg.tsx';
import { QrSvg } from '../../../lib/barcode/qr-svg.tsx';
import { config } from '../../../lib/config.ts';
import { driverPageUrl } from '../../../lib/driver-page.ts';
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
  .tq-ticket-print .tq-qr { display: block; width: 36mm; height: 36mm; margin: 0 auto; }
  .tq-ticket-print .tq-barcode { display: block; height: 10mm; margin: 3mm auto 0; }
  .tq-ticket-print .tq-code { font-size: 10pt; font-weight: 700; letter-spacing: 0.08em; }
}
`;

/**
 * The ticket an officer prints from the back office: as the kiosk's, with the QR code of the
 * driver's page and the Code 128 of the ticket code the counters scan.
 */
export function TicketPrint({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const heading = config.companyName || readBranch()?.name || t('app.name');
  const followUrl = driverPageUrl(ticket.uuid);
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
      <QrSvg className="tq-qr" text={followUrl} label={t('ticket.print.follow')} />
      <div className="tq-small">{t('ticket.print.follow')}</div>
      <Code128Svg
        className="tq-barcode"
        text={ticket.ticket_code}
        label={t('ticket.codeBarcode', { code: ticket.ticket_code })}
        moduleSize="0.5mm"
      />
      <div className="tq-code">{t('ticket.code', { code: ticket.ticket_code })}</div>
      <div className="tq-small" style={{ marginTop: '2mm' }}>
        {t('ticket.print.keep')}
      </div>
    </div>,
    document.body,
  );
}
