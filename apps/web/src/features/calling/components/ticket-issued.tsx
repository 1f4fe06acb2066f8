import { Alert, Button, Descriptions, Flex, Typography } from 'antd';
import { CheckCircleFilled, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import type { Ticket } from '@truck-queue/shared/contracts/queue.contract';
import { outcomeType, printOutcomeText } from '../../../components/printer-health.tsx';
import { useDates } from '../../../lib/calendar-context.tsx';
import { readBranch } from '../../../lib/session.ts';
import { useAccess } from '../../auth/api/use-access.ts';
import { PlatesText } from '../../plates/plates-text.tsx';
import { TicketPrintout } from '../../ticket/ticket-printout.tsx';
import { ReprintPanel } from './reprint-panel.tsx';

interface TicketIssuedProps {
  ticket: Ticket;
  /** What became of its paper: printed on a kiosk's printer, failed (and why), sent to a USB kiosk, or this browser's to print. */
  print: PrintOutcome;
  onAnother: () => void;
  onClose: () => void;
}

/**
 * The New ticket dialog once issued: the number, the ticket's details and where its paper is. A
 * browser print is today's print dialog; a kiosk's printer has answered already, and when it
 * failed the officer prints it again on another printer (or this computer) from here.
 */
export function TicketIssued({ ticket, print, onAnother, onClose }: TicketIssuedProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const access = useAccess();
  const onBrowser = print.state === 'browser';
  return (
    <Flex vertical align="center" gap={12} style={{ paddingBlock: 16 }}>
      <Typography.Text type="success" style={{ fontSize: 16 }}>
        <CheckCircleFilled /> {t('ticket.issued')}
      </Typography.Text>
      <Typography.Text type="secondary">{t('ticket.queueNumber')}</Typography.Text>
      <div
        style={{ fontSize: 72, fontWeight: 800, lineHeight: 1, letterSpacing: 2 }}
        data-testid="issued-number"
      >
        {ticket.queue_number}
      </div>
      {!onBrowser && (
        <Alert
          type={outcomeType(print)}
          showIcon
          title={printOutcomeText(t, print)}
          style={{ width: '100%' }}
          data-testid="issued-print"
          data-state={print.state}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        style={{ width: '100%', maxWidth: 360, marginTop: 8 }}
        items={[
          { key: 'type', label: t('ticket.queueType'), children: ticket.queue_type_name },
          { key: 'product', label: t('ticket.product'), children: ticket.product_name },
          {
            key: 'licence',
            label: t('ticket.licence'),
            children: (
              <span data-testid="issued-licence">
                <PlatesText licence={ticket.truck_license} />
              </span>
            ),
          },
          { key: 'at', label: t('ticket.issuedAt'), children: dates.dateTime(ticket.created) },
          { key: 'code', label: t('ticket.codeLabel'), children: ticket.ticket_code },
        ]}
      />
      {print.state === 'failed' && (
        <div style={{ width: '100%' }}>
          <ReprintPanel
            ticketUuid={ticket.uuid}
            heading={t('printing.reprint.retryHeading')}
            hint={t('printing.reprint.retryHint')}
            onBrowserPrint={() => window.print()}
          />
        </div>
      )}
      <Flex gap={8} wrap justify="center">
        {onBrowser && (
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} autoFocus>
            {t('ticket.printButton')}
          </Button>
        )}
        <Button type={onBrowser ? 'default' : 'primary'} onClick={onAnother} autoFocus={!onBrowser}>
          {t('ticket.another')}
        </Button>
        <Button onClick={onClose}>{t('calling.dialog.close')}</Button>
      </Flex>
      <TicketPrintout ticket={ticket} branch={access.data?.officer.branch ?? readBranch()} />
    </Flex>
  );
}
